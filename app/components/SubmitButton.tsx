import { useNavigation } from "@remix-run/react";

/**
 * A submit button that goes to its loading state while its form is submitting. A module of its own, not
 * in forms.tsx: screens with buttons but no conform form (the goal screens) would load conform with it
 * (ADR 126).
 */
export function SubmitButton({
  children,
  pendingText = "loading...",
  className = "button",
  name,
  value,
}: {
  children: React.ReactNode;
  pendingText?: string;
  className?: string;
  name?: string;
  value?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (!name || navigation.formData?.get(name) === value);
  return (
    <button type="submit" className={className} name={name} value={value} aria-disabled={pending || undefined}>
      {pending ? pendingText : children}
    </button>
  );
}
