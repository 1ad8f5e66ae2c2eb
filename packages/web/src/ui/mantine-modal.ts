// Mantine's Modal (with its ScrollArea and floating-ui) as its own chunk: the modal stack loads it
// with the first dialog, so the first screen does not carry it. The stack's own question ("Discard
// unsaved changes?") comes with it: it is only ever asked while a dialog is open.
export { Modal } from '@mantine/core';
export { ConfirmBody } from './confirm-body.tsx';
