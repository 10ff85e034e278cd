import { act, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { Deferred } from './deferred';

describe('Deferred', () => {
  it('commits the fallback first and its children in a later pass', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    // Outside act React commits the first pass alone, as a browser does.
    flushSync(() =>
      root.render(
        <>
          <h1>Heading</h1>
          <Deferred fallback={<p>waiting</p>}>
            <p>content</p>
          </Deferred>
        </>,
      ),
    );
    expect(container.textContent).toBe('Headingwaiting');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(container.textContent).toContain('Heading');
    expect(container.textContent).toContain('content');
    expect(container.textContent).not.toContain('waiting');
    root.unmount();
  });

  it('shows its children once rendered', () => {
    render(
      <Deferred>
        <p>content</p>
      </Deferred>,
    );
    expect(screen.getByText('content')).toBeInTheDocument();
  });
});
