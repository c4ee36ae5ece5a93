/** The basket column's element id, which the header's cart button controls on a wide screen. */
export const BASKET_COLUMN_ID = 'basket-column';

/** Screens this wide show the basket as a column beside the menu; basket.css uses the same width. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)';
