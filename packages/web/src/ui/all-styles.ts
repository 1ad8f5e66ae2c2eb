/** Every Mantine style (dialogs, tables, inputs, menus, notifications): loaded after the first frame (main.tsx), and awaited by lazy screens, dialogs and notifications. */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
