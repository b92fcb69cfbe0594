import { ComingLater } from '../../components/ComingLater';

export default function SettingsPage() {
  return <ComingLater title="Firmaindstillinger" />;
}
