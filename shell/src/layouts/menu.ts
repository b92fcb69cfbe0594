/** The side menu of the therapist area (spec 1 §2), in order. */
import type { FluentIcon } from '@fluentui/react-icons';
import {
  AppsAddInRegular,
  ArrowImportRegular,
  CalendarLtrRegular,
  GlobeRegular,
  HatGraduationRegular,
  MailRegular,
  PeopleTeamRegular,
  PersonNoteRegular,
  ReceiptRegular,
  VideoClipRegular,
} from '@fluentui/react-icons';
import { texts } from '../texts';

export interface SideMenuEntry {
  path: string;
  label: string;
  icon: FluentIcon;
  ownerOnly?: boolean;
}

export const SIDE_MENU: SideMenuEntry[] = [
  { path: '/Kalender', label: texts.side.calendar, icon: CalendarLtrRegular },
  { path: '/AdministrerTerapeut', label: texts.side.therapists, icon: PeopleTeamRegular, ownerOnly: true },
  { path: '/Klientdata', label: texts.side.clients, icon: PersonNoteRegular },
  { path: '/Faktura', label: texts.side.invoices, icon: ReceiptRegular },
  { path: '/Kontakt', label: texts.side.contact, icon: MailRegular },
  { path: '/Kursus', label: texts.side.courses, icon: HatGraduationRegular },
  { path: '/Onlinereservation', label: texts.side.onlineBooking, icon: GlobeRegular },
  { path: '/Videovejledninger', label: texts.side.videos, icon: VideoClipRegular },
  { path: '/Importerdata', label: texts.side.import, icon: ArrowImportRegular },
  { path: '/Tilføjelser', label: texts.side.addOns, icon: AppsAddInRegular },
];
