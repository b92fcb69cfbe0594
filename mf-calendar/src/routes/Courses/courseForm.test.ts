import { courseErrors, courseFieldErrors, firstInvalidStep, formFromCourse, toCourseFields } from './courseForm';
import { newDay } from './days';

const valid = { title: 'Yoga for begyndere', description: '<p>Blid yoga</p>', min: '1', limit: '2' };

describe('the course form', () => {
  it("checks with the server's rules, and words min above max as the spec does", () => {
    expect(courseErrors(valid)).toEqual({});
    expect(courseErrors({ ...valid, title: ' ' }).title).toBe('Titel er påkrævet');
    expect(courseErrors({ ...valid, min: '3' }).min).toBe('Minimum antal deltagere kan ikke være højere end max antal deltagere');
    expect(courseErrors({ ...valid, limit: '' }).limit).toBeDefined();
  });

  it('sends numbers typed with a decimal comma as numbers, and refuses to send an invalid form', () => {
    expect(toCourseFields({ ...valid, limit: '12', min: '2,0' })).toEqual({ title: 'Yoga for begyndere', description: '<p>Blid yoga</p>', limit: 12, min: 2 });
    expect(() => toCourseFields({ ...valid, min: '' })).toThrow();
  });

  it('starts empty for a new course and from the saved values for an existing one', () => {
    expect(formFromCourse(null)).toEqual({ title: '', description: '', min: '', limit: '' });
    const course = { id: 'c1', therapistId: 't1', nameFirst: 'Ida', nameLast: 'Holm', title: 'Yoga', description: '', limit: 8, min: 2, dates: [] };
    expect(formFromCourse(course)).toEqual({ title: 'Yoga', description: '', min: '2', limit: '8' });
  });

  it('points at the first step with a problem', () => {
    const day = newDay(undefined, Date.UTC(2026, 10, 22, 12));
    expect(firstInvalidStep({ ...valid, title: '' }, [day])).toBe(0);
    expect(firstInvalidStep(valid, [{ ...day, from: '12:00', to: '10:00' }])).toBe(1);
    expect(firstInvalidStep(valid, [day])).toBeNull();
  });

  it("maps setEvent's field paths onto the form's fields", () => {
    expect(courseFieldErrors({ 'course.title': 'Titel er påkrævet', min: 'x' })).toEqual({ title: 'Titel er påkrævet', min: 'x' });
  });
});
