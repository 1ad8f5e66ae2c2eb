/**
 * Labels laid out as the stock has them: pages of `layout.columns × layout.rows` positions, in
 * inches, the same on screen (the preview) and on paper. Empty positions (the used part of a
 * partly used sheet) stay blank.
 */
import type { Label } from '@glazier/shared/rules/shop-floor/labels';
import type { CSSProperties } from 'react';
import type { LabelLayout } from './label-layouts.ts';
import './labels.css';

function layoutStyle(layout: LabelLayout, zoom: number): CSSProperties {
  return {
    '--page-w': `${layout.pageWidth}in`,
    '--page-h': `${layout.pageHeight}in`,
    '--label-w': `${layout.labelWidth}in`,
    '--label-h': `${layout.labelHeight}in`,
    '--columns': layout.columns,
    '--margin-top': `${layout.marginTop}in`,
    '--margin-side': `${layout.marginSide}in`,
    '--column-gap': `${layout.columnGap}in`,
    '--face-direction': layout.face.direction,
    '--face-padding': layout.face.padding,
    '--face-gap': layout.face.gap,
    '--qr-height': layout.face.qr,
    '--name-size': `${layout.face.name[0]}pt`,
    '--name-lines': layout.face.name[1],
    '--description-size': `${layout.face.description[0]}pt`,
    '--description-lines': layout.face.description[1],
    '--sizes-size': `${layout.face.sizes}pt`,
    '--small-size': `${layout.face.small}pt`,
    zoom: zoom === 1 ? undefined : zoom,
  } as CSSProperties;
}

function LabelFace({ label, svg }: { label: Label; svg: string | undefined }) {
  return (
    <div className="label" data-testid="label">
      <div className="label-text">
        <div className="label-name">{label.name}</div>
        {label.description && <div className="label-description">{label.description}</div>}
        {/* The piece's sizes (shared/rules/shop-floor/measure-to-cut.ts formatSizes: opening and glass). */}
        {label.sizes && <div className="label-sizes">{label.sizes}</div>}
        {label.job && <div className="label-small">Job {label.job}</div>}
        {label.note && <div className="label-small">{label.note}</div>}
        {label.lines?.map((line, i) => (
          <div key={i} className="label-small">
            {line}
          </div>
        ))}
      </div>
      {label.qr && (
        <div
          className="label-qr"
          role="img"
          aria-label={`QR code of ${label.qr}`}
          data-qr={label.qr}
          // The markup is qrcode's own SVG of the label's text (paths only).
          dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
        />
      )}
    </div>
  );
}

export interface LabelPagesProps {
  pages: (Label | null)[][];
  layout: LabelLayout;
  qrSvgs: ReadonlyMap<string, string> | null;
  /** The preview's scale on a narrow screen (1 on paper). */
  zoom?: number;
}

export function LabelPages({ pages, layout, qrSvgs, zoom = 1 }: LabelPagesProps) {
  const style = layoutStyle(layout, zoom);
  return (
    <>
      {pages.map((slots, p) => (
        <div key={p} className={`label-page label-layout-${layout.id}`} style={style} data-testid="label-page">
          {slots.map((label, i) =>
            label ? (
              <LabelFace key={i} label={label} svg={label.qr ? qrSvgs?.get(label.qr) : undefined} />
            ) : (
              <div key={i} className="label label-blank" aria-hidden />
            ),
          )}
        </div>
      ))}
    </>
  );
}
