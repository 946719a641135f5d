/** The largest page a list call answers. */
export const maxPageSize = 100;

/** The response header that carries a list's total count. */
export const totalCountHeader = 'x-total-count';
