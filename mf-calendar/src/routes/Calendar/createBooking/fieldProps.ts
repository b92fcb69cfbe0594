/** How a Fluent Field shows a message: the drawer gives each section this for a field path. */
export interface FieldProps {
  validationMessage: string | undefined;
  validationState: 'error' | 'none';
}

export type FieldPropsOf = (path: string) => FieldProps;
