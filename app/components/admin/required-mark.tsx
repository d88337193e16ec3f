/** The red asterisk after a required field's label; the control itself carries `required` for screen readers. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-600">
      *
    </span>
  )
}
