// A modal dialog with the app's header: an icon and a title, and a close button. The dialog
// is described by a Dialog.Description inside it when `described` is set, and by nothing
// otherwise. `trigger`, when given, is the button that opens it.
import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { X } from "~/components/icons";

export function Modal({
  open,
  onOpenChange,
  trigger,
  overlay = "social-overlay",
  className,
  icon,
  title,
  described = false,
  testId,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  overlay?: string;
  className: string;
  icon: ReactNode;
  title: ReactNode;
  described?: boolean;
  testId?: string;
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger}
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content className={className} {...(described ? {} : { "aria-describedby": undefined })} data-testid={testId} onCloseAutoFocus={onCloseAutoFocus}>
          <header className="social-modal__header">
            <Dialog.Title className="social-modal__title">
              {icon} {title}
            </Dialog.Title>
            <Dialog.Close className="social-modal__close" aria-label="Close">
              <X aria-hidden size={22} />
            </Dialog.Close>
          </header>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
