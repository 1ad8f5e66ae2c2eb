/**
 * The label print page (`/print`, docs/domain/shop-floor.md, Labels): the labels a screen prepared
 * (`ui/labels.ts`), read from local storage, shown as they will print, with a toolbar: how many,
 * the label stock (remembered in this browser), where to start on a partly used sheet, Print and
 * Back. The stock is the `label_stock` setting's (Settings), unless this browser picked another. On paper only the labels come out (`ui/print-sheet.tsx`: no shell), on the stock's own
 * `@page` size. QR codes are SVG made in the browser (qr-codes.ts).
 */
import { sheetPages } from '@glazier/shared/rules/shop-floor/labels';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useElementSize, useLocalStorage } from '@mantine/hooks';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SETTING } from '@glazier/shared/settings';
import { useSettingValue } from '../../resource-kit/records/settings.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { readPreparedLabels } from '../../ui/labels.ts';
import { PrintSheet } from '../../ui/print-sheet.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { DEFAULT_LABEL_LAYOUT, LABEL_LAYOUTS, PX_PER_INCH, labelLayout, labelsPerPage } from './label-layouts.ts';
import { LabelPages } from './label-sheet.tsx';
import { useQrSvgs } from './qr-codes.ts';

export const LABEL_LAYOUT_KEY = 'print-label-layout';

const LAYOUT_OPTIONS = Object.values(LABEL_LAYOUTS).map((l) => ({ value: l.id, label: l.name }));

export function PrintPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: the page shows what was prepared when it opened.
  const [labels] = useState(readPreparedLabels);
  // The stock chosen in Settings, unless this browser chose another (a desk with another printer).
  const stock = useSettingValue(SETTING.labelStock);
  const [layoutId, setLayoutId] = useLocalStorage<string>({ key: LABEL_LAYOUT_KEY, defaultValue: '', getInitialValueInEffect: false });
  const layout = labelLayout(layoutId || stock || DEFAULT_LABEL_LAYOUT);
  const perPage = labelsPerPage(layout);
  const [start, setStart] = useState(1);
  const pages = useMemo(() => sheetPages(labels, perPage, perPage > 1 ? start : 1), [labels, perPage, start]);
  const qrSvgs = useQrSvgs(labels.flatMap((l) => (l.qr ? [l.qr] : [])));
  const { ref: previewRef, width } = useElementSize();
  const zoom = width > 0 ? Math.min(1, width / (layout.pageWidth * PX_PER_INCH + 8)) : 1;

  // Back to the screen that prepared them (or home when /print was opened directly).
  const back = () => void (location.key !== 'default' ? navigate(-1) : navigate('/'));

  if (labels.length === 0) {
    return (
      <Stack gap="md" align="flex-start">
        <ScreenTitle>Print Labels</ScreenTitle>
        <Text>No labels to print.</Text>
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={back}>
          Back
        </Button>
      </Stack>
    );
  }

  const count = labels.length === 1 ? '1 label' : `${labels.length} labels`;
  const sheets = pages.length === 1 ? '1 page' : `${pages.length} pages`;
  return (
    <Stack gap="md">
      <ScreenTitle>Print Labels</ScreenTitle>
      <Paper withBorder p="sm" data-testid="print-toolbar">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={0} mr="auto">
            <Text fw={700} data-testid="label-count">
              {count}
            </Text>
            <Text size="sm" c="dimmed">
              {sheets}
            </Text>
          </Stack>
          <SelectField label="Label size" data={LAYOUT_OPTIONS} value={layout.id} onChange={(v) => v && setLayoutId(v)} w={330} maw="100%" />
          {perPage > 1 && (
            <SelectField
              label="Start at label"
              data={Array.from({ length: perPage }, (_, i) => String(i + 1))}
              value={String(start)}
              onChange={(v) => setStart(Number(v ?? 1))}
              helper={`Of ${perPage}, row by row`}
              w={140}
            />
          )}
          <Group gap="xs">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={back}>
              Back
            </Button>
            <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!qrSvgs}>
              Print
            </Button>
          </Group>
        </Group>
      </Paper>
      <div ref={previewRef} className="label-preview" data-testid="label-preview" data-ready={qrSvgs ? 'true' : undefined}>
        <LabelPages pages={pages} layout={layout} qrSvgs={qrSvgs} zoom={zoom} />
      </div>
      <PrintSheet page={layout.page} margin="0" testId="label-print">
        <LabelPages pages={pages} layout={layout} qrSvgs={qrSvgs} />
      </PrintSheet>
    </Stack>
  );
}
