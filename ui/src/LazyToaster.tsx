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
  return <Toaster toasterId={toasterId} position="top-end" />;
}
