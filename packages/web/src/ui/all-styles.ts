/** Every Mantine style (dialogs, tables, inputs, menus, date pickers, notifications): awaited by lazy screens, dialogs and notifications, and loaded at the first touch or key (root-layout.tsx). */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
// the date fields' calendar drop-down (ui/fields.tsx DateField)
import '@mantine/dates/styles.layer.css';
