import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  /** Shows a busy state and blocks clicks (the button stays focusable for screen readers). */
  isBusy?: boolean;
  busyLabel?: string;
}

/** A button that cannot be clicked twice while busy. */
export function Button({
  variant = 'primary',
  isBusy = false,
  busyLabel,
  children,
  className,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      className={['btn', `btn-${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
    >
      {isBusy ? (busyLabel ?? children) : children}
    </button>
  );
}
