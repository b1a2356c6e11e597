import type { ComponentProps } from "react";
import type { Viewer } from "~/shared/lib/viewer";
import { Avatar } from "~/shared/ui/avatar";
import { Icon } from "~/shared/ui/icon";
import { shell } from "~/shared/i18n/catalog/shell";
import { fill, useMessages } from "~/shared/i18n/messages";

/** The signed-in header control: the user's initial and name. Radix's trigger wraps it. */
export function UserMenuButton({ user, ...props }: { user: Viewer } & ComponentProps<"button">) {
  const t = useMessages("shell", shell);
  return (
    <button
      type="button"
      className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-semibold text-ink-900 hover:bg-ink-100 data-[state=open]:bg-ink-100"
      aria-label={fill(t.accountMenuFor, { name: user.name })}
      {...props}
    >
      <Avatar name={user.name} email={user.email} size="sm" />
      <span className="max-w-40 truncate">{user.name}</span>
      <Icon name="chevron-down" className="size-4 text-ink-500" />
    </button>
  );
}
