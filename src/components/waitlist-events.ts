/** The event a waitlist button sends to open the dialog; its detail is the button, for focus on close. */
export const OPEN_EVENT = 'waitlist:open';
