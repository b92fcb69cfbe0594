/** What the print view shows of one section: plain data, so it prints exactly what the panel held. */
export interface PrintComment {
  by: string;
  at: number;
  text: string;
}

export interface PrintEntry {
  label: string;
  value: string;
  comments?: PrintComment[];
}

export interface PrintDocument {
  /** 'Stamdata', 'Stamjournal' or the journal's title. */
  title: string;
  /** A line under the title (the journal's time and therapist, say). */
  subtitle?: string;
  entries: PrintEntry[];
}
