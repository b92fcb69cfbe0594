import { ComingLater } from '@klinik/ui';

export default function SettingsPage() {
  return <ComingLater title="Firmaindstillinger" />;
}
