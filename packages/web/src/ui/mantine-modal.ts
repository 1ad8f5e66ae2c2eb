// Mantine's Modal (with its ScrollArea and floating-ui) as its own chunk: the modal stack loads it
// with the first dialog, so the first screen does not carry it.
export { Modal } from '@mantine/core';
