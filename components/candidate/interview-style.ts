/**
 * The interview's styles, inlined after the candidate page's own stylesheet (same `cp-` prefix, nothing to fetch).
 * Touch targets are at least 44 px; a phone gets the card edge to edge.
 */
export const INTERVIEW_CSS = `
.cp-flow{margin-top:24px;padding-top:20px;border-top:1px solid #e4e4e7}
.cp-flow h2:focus{outline:none}
.cp-flow h2:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.cp-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.cp-muted{color:#52525b;font-size:14px}
.cp-notice{margin:0 0 16px;padding-left:20px}
.cp-details{margin:0 0 16px}.cp-details summary{cursor:pointer;font-weight:600;min-height:44px;display:flex;align-items:center}.cp-details[open] summary{margin-bottom:8px}
.cp-check{display:flex;gap:10px;align-items:flex-start;margin:8px 0;padding:12px;border:1px solid #d4d4d8;border-radius:8px;cursor:pointer}
.cp-check input{width:20px;height:20px;margin:2px 0 0;flex:none;accent-color:#1d4ed8}
.cp-field-error{margin:0 0 8px;color:#991b1b;font-size:14px}
.cp-button{min-height:44px}
.cp-secondary{background:#fff;color:#1d4ed8;border:1px solid #1d4ed8}
.cp-secondary:hover{background:#eff6ff}
.cp-link-button{min-height:44px;padding:8px 4px;border:0;background:none;color:#1d4ed8;font:inherit;text-decoration:underline;cursor:pointer}
.cp-link-button:disabled{color:#52525b;cursor:default}
.cp-link-button:focus-visible,.cp-check:focus-within,.cp-mode:focus-within{outline:3px solid #93c5fd;outline-offset:2px}
.cp-actions{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-top:8px}
.cp-modes{border:0;margin:0 0 12px;padding:0;display:grid;gap:8px}
.cp-mode{display:flex;gap:10px;align-items:flex-start;padding:12px;border:1px solid #d4d4d8;border-radius:8px;cursor:pointer}
.cp-mode input{width:20px;height:20px;margin:2px 0 0;flex:none;accent-color:#1d4ed8}
.cp-mode span{display:grid}
.cp-panel{margin:12px 0;padding:16px;border:1px solid #e4e4e7;border-radius:8px;background:#fafafa}
.cp-panel h3{margin:0 0 8px;font-size:16px}
.cp-meter-row{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:0 0 8px}
.cp-meter-row meter{width:160px;height:16px}
.cp-progress-label{margin:0 0 4px;font-size:14px;font-weight:600;color:#3f3f46}
.cp-progress{width:100%;height:8px;margin:0 0 16px;accent-color:#1d4ed8}
.cp-question{margin:0 0 8px}
.cp-question-text{font-size:20px;line-height:1.4;font-weight:600;margin:0 0 8px}
.cp-recording{background:#fef2f2;border-color:#fecaca}
.cp-rec-dot{display:inline-block;width:10px;height:10px;border-radius:50%;background:#b91c1c;margin-right:4px;animation:cp-pulse 1.4s ease-in-out infinite}
@media (prefers-reduced-motion:reduce){.cp-rec-dot{animation:none}}
.cp-answer{margin-top:12px}
.cp-answer label{display:block;font-weight:600}
.cp-textarea{width:100%;box-sizing:border-box;margin:4px 0 0;padding:10px;border:1px solid #a1a1aa;border-radius:8px;font:inherit;resize:vertical}
.cp-textarea:focus-visible{outline:3px solid #93c5fd;outline-offset:1px;border-color:#1d4ed8}
.cp-thanks h2{margin:0 0 4px}
.cp-messages{list-style:none;margin:0 0 12px;padding:0;display:flex;flex-direction:column;gap:8px}
.cp-msg{max-width:85%;padding:10px 14px;border-radius:16px;line-height:1.45;overflow-wrap:anywhere}
.cp-msg-text{white-space:pre-wrap}
.cp-msg-interviewer{align-self:flex-start;background:#f4f4f5;color:#18181b;border-bottom-left-radius:4px}
.cp-msg-candidate{align-self:flex-end;background:#1d4ed8;color:#fff;border-bottom-right-radius:4px}
.cp-msg-candidate[data-pending]{background:#1e40af}
.cp-msg-aside{font-size:15px}
.cp-msg[data-current]{font-size:18px;font-weight:600;border:2px solid #1d4ed8}
.cp-msg:focus{outline:none}
.cp-msg:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.cp-msg-label{display:block;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#3f3f46;margin-bottom:2px}
.cp-typing{display:flex;gap:8px;align-items:center;margin:0 0 12px;color:#52525b;font-size:14px}
.cp-typing-dots{display:inline-flex;gap:4px;padding:10px 12px;border-radius:16px;background:#f4f4f5}
.cp-typing-dots span{width:6px;height:6px;border-radius:50%;background:#71717a;animation:cp-pulse 1.2s ease-in-out infinite}
.cp-typing-dots span:nth-child(2){animation-delay:.2s}
.cp-typing-dots span:nth-child(3){animation-delay:.4s}
@media (prefers-reduced-motion:reduce){.cp-typing-dots span{animation:none}}
@media (pointer:coarse){.cp-send-hint{display:none}}
.cp-error p{margin:0 0 8px}
.cp-live-status{display:flex;gap:12px;align-items:center;margin:8px 0 12px;padding:12px 14px;border-radius:12px;background:#f4f4f5}
.cp-live-status p{margin:0;font-weight:600}
.cp-live-listening{background:#ecfdf5}
.cp-live-speaking{background:#eff6ff}
.cp-live-reconnecting{background:#fffbeb}
.cp-live-voice{display:inline-flex;align-items:center;justify-content:center;width:28px;height:28px;flex:none;border-radius:50%;background:#1d4ed8}
.cp-live-voice span{display:block;width:6px;height:18px;border-radius:3px;background:#fff;transition:transform .1s linear}
@media (prefers-reduced-motion:reduce){.cp-live-voice span{transition:none}}
.cp-live-muted{display:block;font-weight:400;color:#991b1b}
.cp-live-captions-title{margin:16px 0 8px;font-size:16px}
@media (max-width:480px){
  .cp-root{padding:12px 8px}
  .cp-card{padding:20px 16px}
  .cp-card h1{font-size:22px}
  .cp-msg{max-width:92%}
  .cp-actions .cp-button{flex:1 1 100%;text-align:center}
}
`;
