/**
 * The users part of /AdministrerTerapeut (spec 3, Therapist administration; §4 Owner handover; §5 Create user): the
 * users table, 'Opret bruger' (disabled at five therapists, like adding) and the owner handover, which ends with
 * logging out. Loaded after the therapist list, as a part of its own, so the page's first load stays small.
 */
import { useState } from 'react';
import { Button, Title3, makeStyles } from '@fluentui/react-components';
import { PersonAddRegular, PersonArrowRightRegular } from '@fluentui/react-icons';
import type { Query } from '@klinik/ui';
import type { TherapistApi, TherapistRow } from './api';
import { lazyDialog } from './lazyDialog';
import { texts } from './texts';
import { UsersTable } from './UsersTable';

const T = texts.users;
const CreateUserDialog = lazyDialog(() => import('./CreateUserDialog'));
const HandoverDialog = lazyDialog(() => import('./HandoverDialog'));

const useStyles = makeStyles({
  section: { display: 'grid', gap: '8px', marginBottom: '32px', minWidth: 0 },
  header: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center', justifyContent: 'space-between' },
  title: { margin: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
});

export default function UsersSection({
  api,
  users,
  ownId,
  canAdd,
  notify,
  onHandedOver,
}: {
  api: TherapistApi;
  users: Query<TherapistRow[]>;
  ownId: string | null;
  /** False at five therapists (or while the count is unknown). */
  canAdd: boolean;
  notify: (text: string, intent?: 'success' | 'error') => void;
  /** The role has moved: log out (the shell's logout goes to '/'). */
  onHandedOver: () => void;
}) {
  const styles = useStyles();
  const [creating, setCreating] = useState(false);
  const [handingOver, setHandingOver] = useState(false);
  const limitReached = users.data !== undefined && !canAdd;
  return (
    <section className={styles.section} aria-labelledby="users-heading">
      <div className={styles.header}>
        <Title3 as="h2" id="users-heading" className={styles.title}>
          {T.heading}
        </Title3>
        <div className={styles.actions}>
          <Button icon={<PersonAddRegular />} disabledFocusable={!canAdd} title={limitReached ? texts.list.limitReached : undefined} onClick={() => canAdd && setCreating(true)}>
            {T.create}
          </Button>
          <Button icon={<PersonArrowRightRegular />} onClick={() => setHandingOver(true)}>
            {T.handover}
          </Button>
        </div>
      </div>
      <UsersTable api={api} users={users} ownId={ownId} notify={notify} />
      {creating && <CreateUserDialog api={api} notify={notify} onClose={() => setCreating(false)} />}
      {handingOver && (
        <HandoverDialog
          api={api}
          onClose={() => setHandingOver(false)}
          onHandedOver={() => {
            // The old owner's sessions are over on the server; the shell clears this one and goes to '/'.
            setHandingOver(false);
            onHandedOver();
          }}
        />
      )}
    </section>
  );
}
