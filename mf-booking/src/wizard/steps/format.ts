/** 'mandag 23. marts' in Copenhagen time, as the wizard titles a day. */
export const dayTitle = new Intl.DateTimeFormat('da-DK', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Copenhagen' });
