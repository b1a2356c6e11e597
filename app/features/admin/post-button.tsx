import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button, type ButtonSize, type ButtonVariant } from "~/shared/ui/button";

/**
 * One console press that changes one thing: a post form that holds the
 * thing's keys as hidden fields, and a single button that names the intent.
 * It works without JavaScript, as every console action does.
 */
export function PostButton({
  intent,
  fields,
  children,
  variant = "secondary",
  size = "sm",
  ...button
}: {
  intent: string;
  /** The hidden fields: which thing the press is about (`{ id }`, `{ key, delivery }`). */
  fields: Record<string, string>;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  "aria-label"?: string;
}) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" name="intent" value={intent} variant={variant} size={size} {...button}>
        {children}
      </Button>
    </Form>
  );
}
