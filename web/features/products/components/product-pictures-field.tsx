import { useMutation } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { pictureLimits, pictureMessages } from '../../../../common/product-pictures.ts';
import { imageAddressPattern, imageUpload, productLimits, productMessages } from '../../../../common/shop-management.ts';
import { uploadProductImage } from '../api/product-mutations.ts';

interface ProductPicturesFieldProps {
  pictures: string[];
  onChange: (pictures: string[]) => void;
  /** The form's message for the pictures (none, or a rule the server's schema also applies). */
  error: string | undefined;
  /** Tells the form while a picture is uploading, so that it is not saved without it. */
  onUploading: (uploading: boolean) => void;
}

type Action = 'up' | 'down' | 'main' | 'remove';

/** Why this address cannot be added, or undefined when it can. */
function addressProblem(address: string, pictures: string[]): string | undefined {
  if (!imageAddressPattern.test(address)) return productMessages.imgInvalid;
  if (pictures.includes(address)) return pictureMessages.duplicate;
  if (pictures.length >= pictureLimits.perProduct) return pictureMessages.tooMany;
  return undefined;
}

/**
 * The product form's pictures: each shown small, the first marked as the main picture (the one the
 * catalogue shows); buttons move one up or down, make it the main one or remove it. A picture is
 * added by its address or uploaded (several files at once, one after another). After a move the
 * focus stays on the moved picture's button, so a keyboard can go on moving it.
 */
export function ProductPicturesField({ pictures, onChange, error, onUploading }: ProductPicturesFieldProps) {
  const id = useId();
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string>();
  // Where the focus goes once a move or removal has been drawn.
  const focusAfter = useRef<{ action: Action; index: number } | undefined>(undefined);
  const list = useRef<HTMLOListElement>(null);
  // The list as it is now, for uploads that finish after the admin changed it meanwhile.
  const latest = useRef(pictures);
  useEffect(() => {
    latest.current = pictures;
  }, [pictures]);

  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      for (const file of files) {
        if (file.size > imageUpload.maxBytes) throw new Error(imageUpload.tooLarge);
        if (latest.current.length >= pictureLimits.perProduct) throw new Error(pictureMessages.tooMany);
        const uploaded = await uploadProductImage(file);
        onChange([...latest.current, uploaded]);
      }
    },
  });
  useEffect(() => onUploading(upload.isPending), [upload.isPending, onUploading]);

  useEffect(() => {
    if (!focusAfter.current) return;
    const { action, index } = focusAfter.current;
    focusAfter.current = undefined;
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>(`[data-picture="${index}"]`) ?? [])];
    // The same action on the picture's new place if it can still be taken there, or its first button that can.
    const target = buttons.find((button) => button.dataset.action === action && !button.disabled) ?? buttons.find((button) => !button.disabled);
    target?.focus();
  }, [pictures]);

  function act(action: Action, index: number) {
    const next = [...pictures];
    const [picture] = next.splice(index, 1);
    if (picture === undefined) return;
    if (action === 'remove') {
      onChange(next);
      // Focus the picture that took its place (or the one before it), or the address box when none is left.
      if (next.length > 0) focusAfter.current = { action: 'remove', index: Math.min(index, next.length - 1) };
      else document.getElementById(`${id}-address`)?.focus();
      return;
    }
    const to = action === 'up' ? index - 1 : action === 'down' ? index + 1 : 0;
    next.splice(to, 0, picture);
    onChange(next);
    focusAfter.current = { action: action === 'main' ? 'down' : action, index: to };
  }

  function addAddress() {
    const trimmed = address.trim();
    const problem = trimmed ? addressProblem(trimmed, pictures) : productMessages.imgInvalid;
    setAddressError(problem);
    if (problem) return;
    onChange([...pictures, trimmed]);
    setAddress('');
  }

  function onAddressKey(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the picture rather than sending the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addAddress();
  }

  const full = pictures.length >= pictureLimits.perProduct;
  return (
    <fieldset className="space-y-4 rounded-lg border border-base-300 p-4" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="px-1 text-sm font-medium text-stone-800">Pictures</legend>
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        The first is the main picture, shown in the catalogue. Up to {pictureLimits.perProduct}; customers see them in this order.
      </p>

      {pictures.length === 0 ? (
        <div className="flex h-24 items-center justify-center rounded-md border border-dashed border-base-300 text-sm text-stone-600">No pictures yet</div>
      ) : (
        <ol ref={list} className="grid gap-3 sm:grid-cols-2" aria-label="The product’s pictures">
          {pictures.map((picture, index) => (
            <li key={picture} className="flex gap-3 rounded-lg border border-base-300 bg-base-100 p-2">
              <img src={picture} alt={`Picture ${index + 1}`} className="h-18 w-24 shrink-0 rounded-md border border-base-300 bg-stone-100 object-cover" />
              <div className="flex min-w-0 flex-1 flex-col justify-between gap-2">
                {index === 0 ? (
                  <span className="badge badge-primary badge-sm font-semibold">Main picture</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs justify-start px-1 text-primary"
                    data-picture={index}
                    data-action="main"
                    aria-label={`Make picture ${index + 1} the main picture`}
                    onClick={() => act('main', index)}
                  >
                    Make main
                  </button>
                )}
                <div className="flex flex-wrap gap-1">
                  <button
                    type="button"
                    className="btn btn-outline btn-xs"
                    data-picture={index}
                    data-action="up"
                    disabled={index === 0}
                    aria-label={`Move picture ${index + 1} up`}
                    onClick={() => act('up', index)}
                  >
                    ↑ Up
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline btn-xs"
                    data-picture={index}
                    data-action="down"
                    disabled={index === pictures.length - 1}
                    aria-label={`Move picture ${index + 1} down`}
                    onClick={() => act('down', index)}
                  >
                    ↓ Down
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs text-error"
                    data-picture={index}
                    data-action="remove"
                    aria-label={`Remove picture ${index + 1}`}
                    onClick={() => act('remove', index)}
                  >
                    Remove
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-error">
          {error}
        </p>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-address`} className="mb-1.5 block text-sm font-medium text-stone-800">
            Add a picture by its address
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-address`}
              className={`input w-full text-stone-900 ${addressError ? 'input-error' : ''}`}
              placeholder="https://…"
              maxLength={productLimits.img}
              value={address}
              disabled={full}
              aria-invalid={addressError ? true : undefined}
              aria-describedby={addressError ? `${id}-address-error` : undefined}
              onChange={(event) => {
                setAddress(event.target.value);
                setAddressError(undefined);
              }}
              onKeyDown={onAddressKey}
            />
            <button type="button" className="btn btn-outline" disabled={full} onClick={addAddress}>
              Add
            </button>
          </div>
          {addressError && (
            <p id={`${id}-address-error`} className="mt-1.5 text-sm font-medium text-error">
              {addressError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="mb-1.5 block text-sm font-medium text-stone-800">
            Or upload pictures (JPEG, PNG or WebP, up to 25 MB each, as a phone takes them)
          </label>
          <input
            id={`${id}-file`}
            type="file"
            multiple
            accept={imageUpload.types.join(',')}
            disabled={full || upload.isPending}
            className="file-input file-input-sm w-full"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              // Cleared at once, so that choosing the same file again is noticed.
              event.target.value = '';
              if (files.length > 0) upload.mutate(files);
            }}
          />
          {upload.isPending && (
            <p className="mt-1.5 flex items-center gap-2 text-sm text-stone-600" role="status">
              <span className="loading loading-spinner loading-xs" aria-hidden="true" /> Uploading…
            </p>
          )}
          {upload.isError && (
            <p role="alert" className="mt-1.5 text-sm font-medium text-error">
              {upload.error.message}
            </p>
          )}
        </div>
      </div>
      {full && <p className="text-sm text-stone-600">{pictureMessages.tooMany}. Remove one to add another.</p>}
    </fieldset>
  );
}
