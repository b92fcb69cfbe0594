import { render, screen } from '@testing-library/react';
import { Checkbox, Field } from '@fluentui/react-components';
import { CheckboxGroup } from './CheckboxGroup';

const DAYS = ['Mandag', 'Tirsdag', 'Onsdag'];

describe('CheckboxGroup', () => {
  it('names the group by its label and each box by its own text, with ids of their own', () => {
    render(
      <CheckboxGroup label="Dage" required>
        {DAYS.map((day) => (
          <Checkbox key={day} label={day} />
        ))}
      </CheckboxGroup>,
    );
    const group = screen.getByRole('group', { name: /Dage/ });
    for (const day of DAYS) expect(screen.getByRole('checkbox', { name: day })).toBeTruthy();
    const ids = screen.getAllByRole('checkbox').map((box) => box.id);
    expect(new Set(ids).size).toBe(DAYS.length);
    expect(group.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows its refusal under the boxes and points the group at it', () => {
    render(
      <CheckboxGroup label="Dage" validationMessage="Vælg mindst én dag">
        <Checkbox label="Mandag" />
      </CheckboxGroup>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Vælg mindst én dag');
    expect(screen.getByRole('group', { name: 'Dage' }).getAttribute('aria-describedby')).toBe(alert.id);
  });

  it("is needed: inside one Field every box takes the field's id", () => {
    render(
      <Field label="Dage">
        <div>
          {DAYS.map((day) => (
            <Checkbox key={day} label={day} />
          ))}
        </div>
      </Field>,
    );
    // What the group avoids: Fluent gives the Field's one id to every checkbox in it.
    const ids = screen.getAllByRole('checkbox').map((box) => box.id);
    expect(new Set(ids).size).toBe(1);
  });
});
