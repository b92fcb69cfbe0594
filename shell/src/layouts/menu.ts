/** The side menu of the therapist area (spec 1 §2), in order: the pages whose remote puts them in it (app/routes.ts). */
import type { FluentIcon } from '@fluentui/react-icons';
import {
  AppsAddInRegular,
  ArrowImportRegular,
  CalendarLtrRegular,
  DataBarVerticalRegular,
  GlobeRegular,
  HatGraduationRegular,
  MailRegular,
  PeopleTeamRegular,
  PersonNoteRegular,
  ReceiptRegular,
  VideoClipRegular,
} from '@fluentui/react-icons';
import type { SideMenuIcon } from '@klinik/core/rules';
import { MAIN_REMOTE_ROUTES } from '../app/routes';

export interface SideMenuEntry {
  path: string;
  label: string;
  icon: FluentIcon;
  ownerOnly?: boolean;
}

const ICONS: Record<SideMenuIcon, FluentIcon> = {
  calendar: CalendarLtrRegular,
  therapists: PeopleTeamRegular,
  clients: PersonNoteRegular,
  invoices: ReceiptRegular,
  statistics: DataBarVerticalRegular,
  contact: MailRegular,
  courses: HatGraduationRegular,
  onlineBooking: GlobeRegular,
  videos: VideoClipRegular,
  import: ArrowImportRegular,
  addOns: AppsAddInRegular,
};

export const SIDE_MENU: SideMenuEntry[] = MAIN_REMOTE_ROUTES.flatMap((route) => (route.menu ? [{ ...route, menu: route.menu }] : []))
  .sort((a, b) => a.menu.position - b.menu.position)
  .map((route) => ({ path: route.path, label: route.title, icon: ICONS[route.menu.icon], ownerOnly: route.ownerOnly }));
