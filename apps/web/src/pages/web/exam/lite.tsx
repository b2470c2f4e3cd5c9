/**
 * The look of a few antd components without their code, for the exam page's first paint (its JS
 * budget: e2e/delivery.e2e.ts). Same boxes, spacing and colours (styles.css, "exam page"), checked
 * against screenshots of the antd originals:
 * - LiteCard: Card (border, radius, the small card's head, body padding); antd's Card carries Tabs
 *   and menus along;
 * - LiteSpace: `<Space wrap>` (an item box per child, 8 px apart, centred);
 * - LiteImage: an Image without preview (the box and img of antd's);
 * - LiteResult: a warning Result (icon, title, extra); it shows when something failed to load, so
 *   it must not depend on loading anything itself.
 */
import { Children, isValidElement, type ReactNode } from 'react';
import { WarningFilled } from '@ant-design/icons';

export function LiteCard({ title, small, className, children }: { title?: ReactNode; small?: boolean; className: string; children: ReactNode }) {
  return (
    <div className={`lite-card${small ? ' lite-card-small' : ''} ${className}`}>
      {title ? (
        <div className="lite-card-head">
          <div className="lite-card-title">{title}</div>
        </div>
      ) : null}
      <div className="lite-card-body">{children}</div>
    </div>
  );
}

export function LiteSpace({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div className={`lite-space ${className}`}>
      {Children.toArray(children).map((child, i) => (
        <div className="lite-space-item" key={isValidElement(child) && child.key !== null ? child.key : i}>
          {child}
        </div>
      ))}
    </div>
  );
}

/** `className` goes on the img, as antd's Image puts it. */
export function LiteImage({ src, className }: { src: string; className: string }) {
  return (
    <div className="lite-image">
      <img src={src} className={`lite-image-img ${className}`} />
    </div>
  );
}

/** antd `<Result status="warning" title extra />`. */
export function LiteResult({ title, extra }: { title: ReactNode; extra: ReactNode }) {
  return (
    <div className="lite-result">
      <div className="lite-result-icon">
        <WarningFilled />
      </div>
      <div className="lite-result-title">{title}</div>
      <div className="lite-result-extra">{extra}</div>
    </div>
  );
}
