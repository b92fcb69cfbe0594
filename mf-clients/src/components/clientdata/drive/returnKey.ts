/** Where the drive return page sends the browser back to (the client's page), kept in sessionStorage for the round trip. */
export const DRIVE_RETURN_KEY = 'klinik.driveReturn';
