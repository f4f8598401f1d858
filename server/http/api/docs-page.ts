/**
 * A self-contained page that renders /api/openapi.json in the browser: no CDN, no external
 * script, so it works offline and under a strict network. Its one inline script carries the
 * response's CSP nonce (csp.ts): the page's policy allows no other inline script.
 *
 * The operations are grouped by tag (the document's `tags`, in order), each with its id, its
 * security, its parameters, an example request body and an example answer per status: the
 * schema's own `example` where it has one, else a value made from the schema (ADR 0108).
 */
export function renderApiDocs(nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rarita API</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f7f4ee;color:#1f2a30}
main{max-width:1000px;margin:0 auto;padding:24px}
h1,h2{color:#1f4e5a} h2{margin-top:32px;border-bottom:2px solid #d8d2c4}
.op{background:#fff;border:1px solid #d8d2c4;border-radius:8px;margin:12px 0;padding:12px 16px}
.m{display:inline-block;min-width:64px;font-weight:700;color:#fff;border-radius:4px;padding:0 6px;text-align:center;margin-right:8px}
.get{background:#3b6e8f}.post{background:#2f7d5b}.put{background:#8a6408}.patch{background:#6b4f8f}.delete{background:#a33}
.id{color:#4d5b62;font-size:14px} nav a{margin-right:12px;white-space:nowrap}
code,pre{font-family:ui-monospace,monospace;font-size:14px} pre{background:#f3f0ea;padding:8px;overflow:auto;border-radius:4px}
details summary{cursor:pointer}
</style></head>
<body><main><h1>Rarita API</h1>
<p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>. Signed-in calls (🔒) carry
<code>Authorization: Bearer &lt;token&gt;</code> or the browser's session cookie; every answer is in the <code>lang</code>
query's language.</p>
<nav id="tags" aria-label="Tags"></nav><div id="ops">Loading…</div></main>
<script nonce="${nonce}">
fetch('/api/openapi.json').then(r=>r.json()).then(doc=>{
  const esc=s=>String(s).replace(/[&<>"]/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
  const slug=s=>'tag-'+String(s).replace(/[^a-z0-9]+/gi,'-');
  const deref=s=>{for(let i=0;s&&s.$ref&&i<20;i++)s=s.$ref.split('/').slice(1).reduce((o,k)=>o&&o[k.replace(/~1/g,'/').replace(/~0/g,'~')],doc);return s||{};};
  // An example value of a schema: its own example, else one made from its type (bounded depth).
  const sample=(schema,depth)=>{
    const s=deref(schema);
    if(s.example!==undefined)return s.example;
    if(s.examples&&s.examples.length)return s.examples[0];
    if(depth>6)return null;
    if(s.allOf)return Object.assign({},...s.allOf.map(p=>sample(p,depth+1)));
    const one=s.oneOf||s.anyOf; if(one)return sample(one.find(o=>deref(o).type!=='null')||one[0],depth+1);
    if(s.enum)return s.enum[0]; if(s.const!==undefined)return s.const;
    const type=Array.isArray(s.type)?s.type.find(t=>t!=='null'):s.type;
    if(type==='object'||s.properties){const o={};for(const [k,v] of Object.entries(s.properties||{}))o[k]=sample(v,depth+1);return o;}
    if(type==='array')return [sample(s.items||{},depth+1)];
    if(type==='integer'||type==='number')return s.minimum??1;
    if(type==='boolean')return true;
    if(type==='string')return s.format==='date-time'?'2026-11-26T12:00:00Z':s.format==='email'?'jan@example.cz':s.format==='uri'?'https://example.cz/':'text';
    return null;
  };
  const pre=v=>'<pre>'+esc(JSON.stringify(v,null,2))+'</pre>';
  const groups=new Map((doc.tags||[]).map(t=>[t.name,{tag:t,ops:[]}]));
  for(const [p,item] of Object.entries(doc.paths||{})) for(const [m,op] of Object.entries(item)){
    const name=(op.tags||['other'])[0];
    if(!groups.has(name))groups.set(name,{tag:{name},ops:[]});
    groups.get(name).ops.push([p,m,op]);
  }
  const out=[],nav=[];
  for(const {tag,ops} of groups.values()){
    if(!ops.length)continue;
    nav.push('<a href="#'+slug(tag.name)+'">'+esc(tag.name)+' ('+ops.length+')</a>');
    out.push('<h2 id="'+slug(tag.name)+'">'+esc(tag.name)+'</h2>'+(tag.description?'<p>'+esc(tag.description)+'</p>':''));
    for(const [p,m,op] of ops){
      const secured=(op.security||[]).length>0, optional=(op.security||[]).some(r=>!Object.keys(r).length);
      const params=(op.parameters||[]).map(deref).map(x=>'<li><code>'+esc(x.name)+'</code> ('+esc(x.in)+(x.required?', required':'')+') '+esc(x.description||'')+'</li>').join('');
      const body=op.requestBody?.content?.['application/json']?.schema;
      const answers=Object.entries(op.responses||{}).map(([s,r])=>{
        const schema=r.content?.['application/json']?.schema;
        return '<li><code>'+esc(s)+'</code> '+esc(r.description||'')+(schema?'<details><summary>Example</summary>'+pre(sample(schema,0))+'</details>':'')+'</li>';
      }).join('');
      out.push('<div class="op"><span class="m '+esc(m)+'">'+esc(m.toUpperCase())+'</span><code>/api'+esc(p)+'</code>'
        +(secured?(optional?' (🔒 optional)':' 🔒'):'')+' <span class="id">'+esc(op.operationId||'')+'</span>'
        +'<p>'+esc(op.summary||'')+'</p>'
        +(params?'<details><summary>Parameters</summary><ul>'+params+'</ul></details>':'')
        +(body?'<details><summary>Example request body</summary>'+pre(sample(body,0))+'</details>':'')
        +'<ul>'+answers+'</ul></div>');
    }
  }
  document.getElementById('tags').innerHTML=nav.join('');
  document.getElementById('ops').innerHTML=out.join('');
});
</script></body></html>`;
}
