/** Every Mantine style (dialogs, tables, inputs, menus, notifications): loaded after the first render (main.tsx). */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
