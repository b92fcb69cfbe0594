import { ComingLater } from '../../components/ComingLater';

export default function CoursesPage() {
  return <ComingLater title="Kursus" />;
}
