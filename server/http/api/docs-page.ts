/**
 * A self-contained page that renders /api/openapi.json in the browser: no CDN, no external
 * script, so it works offline and under a strict network. Its one inline script carries the
 * response's CSP nonce (csp.ts): the page's policy allows no other inline script.
 */
export function renderApiDocs(nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rarita API</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f7f4ee;color:#1f2a30}
main{max-width:1000px;margin:0 auto;padding:24px}
h1{color:#1f4e5a} .op{background:#fff;border:1px solid #d8d2c4;border-radius:8px;margin:12px 0;padding:12px 16px}
.m{display:inline-block;min-width:64px;font-weight:700;color:#fff;border-radius:4px;padding:0 6px;text-align:center;margin-right:8px}
.get{background:#3b6e8f}.post{background:#2f7d5b}.put{background:#b8860b}.delete{background:#a33}
code,pre{font-family:ui-monospace,monospace;font-size:14px} pre{background:#f3f0ea;padding:8px;overflow:auto;border-radius:4px}
details summary{cursor:pointer}
</style></head>
<body><main><h1>Rarita API</h1><p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a></p><div id="ops">Loading…</div></main>
<script nonce="${nonce}">
fetch('/api/openapi.json').then(r=>r.json()).then(doc=>{
  const esc=s=>String(s).replace(/[&<>"]/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
  const out=[];
  for(const [p,ops] of Object.entries(doc.paths||{})) for(const [m,op] of Object.entries(ops)){
    const body=op.requestBody?.content?.['application/json']?.schema;
    const res=Object.entries(op.responses||{}).map(([s,r])=>'<li><code>'+s+'</code> '+esc(r.description||'')+'</li>').join('');
    out.push('<div class="op"><span class="m '+m+'">'+m.toUpperCase()+'</span><code>/api'+esc(p)+'</code>'
      +(op.security?' 🔒':'')+'<p>'+esc(op.summary||'')+'</p>'
      +(body?'<details><summary>Request body</summary><pre>'+esc(JSON.stringify(body,null,2))+'</pre></details>':'')
      +'<ul>'+res+'</ul></div>');
  }
  document.getElementById('ops').innerHTML=out.join('');
});
</script></body></html>`;
}
