/** Every Mantine style (dialogs, tables, inputs, menus, date pickers, notifications): awaited by lazy screens, dialogs and notifications, and loaded at the first touch or key (root-layout.tsx). */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
// the date fields' calendar drop-down (ui/date-field.tsx)
import '@mantine/dates/styles.layer.css';
