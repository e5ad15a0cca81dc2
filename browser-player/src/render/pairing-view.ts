import QRCode from 'qrcode';

export interface PairingInfo {
  code: string;
  approvalUrl: string;
  expiresAt: string;
  organizationName: string;
}

/**
 * The pairing screen: the code large enough to read across a room (grouped 3+3 as people read
 * it aloud), the organisation it will join, and the console's approval link as text and QR code.
 */
export function renderPairing(p: PairingInfo): HTMLElement {
  const view = document.createElement('section');
  view.className = 'stage-pairing';
  view.setAttribute('aria-label', 'Pair this screen');

  const org = document.createElement('p');
  org.className = 'pairing-org';
  org.textContent = p.organizationName;

  const intro = document.createElement('p');
  intro.className = 'pairing-intro';
  intro.textContent = 'To show content here, add this screen in the console with this code:';

  const code = document.createElement('p');
  code.className = 'pairing-code';
  code.dataset.code = p.code;
  code.textContent = p.code.length === 6 ? `${p.code.slice(0, 3)} ${p.code.slice(3)}` : p.code;

  const qr = document.createElement('canvas');
  qr.className = 'pairing-qr';
  qr.setAttribute('role', 'img');
  qr.setAttribute('aria-label', `QR code of ${p.approvalUrl}`);
  // Dark on white with a quiet zone: what phone cameras read best, whatever the screen's theme.
  void QRCode.toCanvas(qr, p.approvalUrl, { errorCorrectionLevel: 'M', margin: 4, scale: 8, color: { dark: '#000000', light: '#ffffff' } }).then(
    // The library sizes the canvas inline; player.css sizes it to the screen instead.
    () => qr.removeAttribute('style'),
    () => qr.remove(),
  );

  const link = document.createElement('p');
  link.className = 'pairing-url';
  link.textContent = p.approvalUrl;

  const expiry = document.createElement('p');
  expiry.className = 'pairing-expiry';
  const at = new Date(p.expiresAt);
  expiry.textContent = Number.isNaN(at.getTime())
    ? 'This code expires soon; a new one then appears.'
    : `This code expires at ${at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}; a new one then appears.`;

  const text = document.createElement('div');
  text.className = 'pairing-text';
  text.append(org, intro, code, link, expiry);
  view.append(text, qr);
  return view;
}
