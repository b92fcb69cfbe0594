/** What read.ts and its readers (CSV, Excel, zip) share: the file they read and the records they yield. */

/** A file on disk and the name the user gave it (an upload's `originalName`, or its name in a zip). */
export interface ImportFile {
  path: string;
  name: string;
  size: number;
}

/** One record of a file before the header is known: `row` as a spreadsheet numbers it. */
export interface RawRecord {
  row: number;
  values: string[];
}
