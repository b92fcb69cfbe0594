import { ComingLater } from '@klinik/ui';

export default function CoursesPage() {
  return <ComingLater title="Kursus" />;
}
