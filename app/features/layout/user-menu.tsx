import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useNavigate } from "react-router";
import type { Viewer } from "~/shared/lib/viewer";
import { useSignOut } from "~/features/auth";
import { Icon } from "~/shared/ui/icon";
import { UserMenuButton } from "./user-menu-button";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900";

/** The signed-in header control: initial and name, with View Profile and Sign Out. */
export default function UserMenu({ user }: { user: Viewer }) {
  const navigate = useNavigate();
  const signOut = useSignOut();

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <UserMenuButton user={user} />
      </DropdownMenu.Trigger>
      {/* No portal: the open menu stays inside the header's banner landmark (axe: all content in landmarks). */}
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className="z-50 min-w-52 rounded-xl bg-white p-1.5 shadow-lift ring-1 ring-ink-200 data-[state=open]:animate-pop-in"
      >
        <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-ink-600">{user.email}</DropdownMenu.Label>
        <DropdownMenu.Item className={itemClass} onSelect={() => void navigate("/profile")}>
          <Icon name="user" className="size-4" />
          View Profile
        </DropdownMenu.Item>
        <DropdownMenu.Separator className="my-1 h-px bg-ink-200" />
        <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
          <Icon name="log-out" className="size-4" />
          Sign Out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
