import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { portalMessages } from '@klinik/core/messages';
import PortalSettings from './PortalSettings';

const settings = { cancelNoticeHours: 24, portalChangeMail: true, journalExport: 'on-request' as const };

function open(isOwner: boolean) {
  const onSave = jest.fn();
  render(<PortalSettings settings={settings} saving={false} isOwner={isOwner} onSave={onSave} />);
  return { onSave, user: userEvent.setup(), hours: screen.getByRole('spinbutton', { name: 'Afbud og flytning senest (timer før tiden)' }) };
}

describe("/Onlinereservation: 'Mine tider'", () => {
  it('saves whole hours from 0 to 168 and refuses anything else with the rule, sending nothing', async () => {
    const { onSave, user, hours } = open(true);
    await user.clear(hours);
    await user.type(hours, '169');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect(screen.getByText(portalMessages.cancelNoticeHours)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    await user.clear(hours);
    await user.type(hours, '48');
    expect(screen.getByText(portalMessages.noticeRule(48))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect(onSave).toHaveBeenCalledWith({ cancelNoticeHours: 48 });
  });

  it("the therapist's mail switch saves at once; the journal rule is the owner's to change", async () => {
    const { onSave, user } = open(false);
    await user.click(screen.getByRole('switch', { name: 'Send mig en mail, når en klient aflyser eller flytter' }));
    expect(onSave).toHaveBeenCalledWith({ portalChangeMail: false });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Med i data' }).disabled).toBe(true);
    expect(screen.getByText('Kun klinikkens administrator kan ændre det.')).toBeTruthy();
  });

  it('the owner chooses whether journals come with the data', async () => {
    const { onSave, user } = open(true);
    await user.click(screen.getByRole('radio', { name: 'Med i data' }));
    expect(onSave).toHaveBeenCalledWith({ journalExport: 'included' });
  });
});
