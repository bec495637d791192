/**
 * The honeypot fields of remix-utils (same names, same provider props from `honeypotInputProps`), with
 * valid HTML: its own `autocomplete="nope"` is not an autofill token (the Nu checker refuses it).
 * "off" keeps browsers from filling the trap, which is what "nope" was for (ADR 122).
 */
import { createContext, useContext, type ReactNode } from "react";

interface HoneypotProps {
  nameFieldName?: string;
  validFromFieldName?: string | null;
  encryptedValidFrom?: string;
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
    encryptedValidFrom,
  } = useContext(HoneypotContext);
  return (
    <div id={`${nameFieldName}_wrap`} style={{ display: "none" }} aria-hidden="true">
      <label htmlFor={nameFieldName}>{label}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>{label}</label>
          <input
            id={validFromFieldName}
            name={validFromFieldName}
            type="text"
            value={encryptedValidFrom}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}
