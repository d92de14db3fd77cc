/** The simple screen's buttons (issue 54): their look is simple-screen.css's. */
export const simpleButtonClass = {
  primary: 'simple-button simple-button-primary',
  secondary: 'simple-button',
} as const;
