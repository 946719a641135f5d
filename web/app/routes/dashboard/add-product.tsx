import { Link } from 'react-router';
import { productPagePath } from '../../../../common/product-page.ts';
import { productMessages } from '../../../../common/shop-management.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useAddProduct } from '../../../features/products/api/product-mutations.ts';
import { ProductForm } from '../../../features/products/components/product-form.tsx';

export default function AddProductPage() {
  const toast = useToast();
  const add = useAddProduct();
  return (
    <DashboardPage title="Add Product" intro="Add a tool to the catalogue. It shows first on the home page.">
      <div className="max-w-3xl rounded-xl border border-base-300 bg-base-100 p-6">
        <ProductForm
          label="Add product"
          submitLabel="Add Product"
          busy={add.isPending}
          error={add.error?.message}
          resetAfterSave
          onSubmit={(product) => add.mutateAsync(product).then(() => toast(productMessages.added))}
        />
        {add.isSuccess && (
          <p className="mt-4 text-sm text-stone-600">
            <Link to={productPagePath(add.data._id)} className="link link-primary">
              See {add.data.name}
            </Link>{' '}
            as customers do.
          </p>
        )}
      </div>
    </DashboardPage>
  );
}
