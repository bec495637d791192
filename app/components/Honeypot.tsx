/**
 * The honeypot's hidden fields (props from `honeypotInputProps`, app/platform/http/honeypot.server.ts):
 * the trap bots fill, and the page's signed render time (ADR 231). `autocomplete="off"` keeps browsers
 * from filling the trap and is valid HTML (ADR 122).
 */
import { createContext, useContext, type ReactNode } from "react";

interface HoneypotProps {
  nameFieldName?: string;
  validFromFieldName?: string | null;
  signedRenderedAt?: string;
}

const HoneypotContext = createContext<HoneypotProps>({});

export function HoneypotProvider({ children, ...props }: HoneypotProps & { children: ReactNode }) {
  return <HoneypotContext.Provider value={props}>{children}</HoneypotContext.Provider>;
}

/** Hidden from people and assistive technology; a bot that fills it is refused by the action. */
export function HoneypotInputs({ label = "Please leave this field blank" }: { label?: string }) {
  const {
    nameFieldName = "name__confirm",
    validFromFieldName = "from__confirm",
    signedRenderedAt,
  } = useContext(HoneypotContext);
  return (
    <div id={`${nameFieldName}_wrap`} style={{ display: "none" }} aria-hidden="true">
      <label htmlFor={nameFieldName}>{label}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && signedRenderedAt ? (
        <>
          <label htmlFor={validFromFieldName}>{label}</label>
          <input
            id={validFromFieldName}
            name={validFromFieldName}
            type="text"
            value={signedRenderedAt}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}
