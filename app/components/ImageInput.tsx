/**
 * The image upload control (SPEC: png, jpeg, jpg). A plain file input with a visible label, a hint,
 * the current image, and the server's error tied to it; works the same with JavaScript off.
 */
import { describedBy, FieldFrame, type AnyField } from "#app/components/forms";
import { IMAGE_ACCEPT } from "#app/lib/images";

const HINT = "PNG or JPEG (.png, .jpeg, .jpg), up to 2 MB.";

export function ImageInput({
  field,
  label,
  current,
  optional = true,
}: {
  field: AnyField;
  label: string;
  current?: React.ReactNode;
  optional?: boolean;
}) {
  return (
    <FieldFrame field={field} label={label} optional={optional} hint={HINT}>
      <div className="image-input">
        {current}
        <input
          id={field.id}
          name={field.name}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-invalid={field.errors?.length ? true : undefined}
          aria-describedby={describedBy(field, HINT)}
        />
      </div>
    </FieldFrame>
  );
}
