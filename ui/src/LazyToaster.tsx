import { useEffect } from 'react';
import { Toast, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';

export interface PendingToast {
  id: number;
  text: string;
  intent: 'success' | 'error' | 'warning' | 'info';
  timeout: number;
}

/** Fluent's Toaster, loaded with the first message; shows the queued messages, then each new one. */
export default function LazyToaster({ toasterId, queue, onShown }: { toasterId: string; queue: PendingToast[]; onShown: (ids: number[]) => void }) {
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => {
    if (queue.length === 0) return;
    for (const toast of queue) {
      dispatchToast(
        <Toast>
          <ToastTitle>{toast.text}</ToastTitle>
        </Toast>,
        { intent: toast.intent, timeout: toast.timeout, politeness: toast.intent === 'error' ? 'assertive' : 'polite' },
      );
    }
    onShown(queue.map((toast) => toast.id));
  }, [queue, dispatchToast, onShown]);
  // At the top, centred: at the top end they stacked over the header's account button and the page header's actions
  // ('Gå til kalenderen', 'Ny klient', 'Åbningstider'), which are right-aligned, for 4-7 s each; the middle of the
  // header is empty. At the bottom they would cover the buttons of drawers and forms. (A phone's toast is the screen's
  // width either way.)
  return <Toaster toasterId={toasterId} position="top" />;
}
