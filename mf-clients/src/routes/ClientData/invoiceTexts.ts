/** The client page's 'Fakturaer' panel (apart from the module's texts, which the overview loads too). */
export const invoiceTexts = {
  invoices: 'Fakturaer',
  clientInvoices: 'Se klientens fakturaer',
  mergedStatements: 'Se samlede opgørelser',
  invoicesIntro: 'Fakturaer og kreditnotaer for klientens bookinger, og de samlede opgørelser, der er lavet for klienten.',
  noInvoicesYet: 'Klienten har ingen bookinger endnu, så der er ingen fakturaer.',
} as const;
