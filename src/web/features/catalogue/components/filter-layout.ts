/**
 * The filters' box and the height of each control in it, shared by the filters and their
 * placeholder (our-tools-frame.tsx), which must take the same room: a field is its label (1.25rem
 * and 0.25rem below it) over a 2.5rem control, 4rem in all; the checkbox and a button 2.5rem.
 */
export const FILTERS_BOX = 'mt-4 flex flex-col gap-4 rounded-box bg-base-200 p-4 lg:flex-row lg:flex-wrap lg:items-end';

export const FILTER_BLOCKS = {
  category: 'h-16 w-full lg:w-72',
  inStock: 'h-10 w-36',
  price: 'h-16 w-full lg:w-[17rem]',
  clear: 'h-10 w-32 lg:ml-auto',
} as const;
