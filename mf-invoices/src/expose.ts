/** What this remote federates: one module per route page the shell mounts. */
export const exposes = {
  './Invoices': './src/routes/Invoices/index.tsx',
  './Statistics': './src/routes/Statistics/index.tsx',
  /** Not a route: the invoice dialog the shell opens over another page (ShellServices.dialogs.invoiceForBooking). */
  './BookingInvoiceDialog': './src/routes/BookingInvoiceDialog/index.tsx',
} as const;
