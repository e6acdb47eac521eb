# One-off normaliser for workspace manifests: exports resolve to sources under the "source"
# condition (typecheck, vitest) and to compiled output otherwise (build, node).
import json, glob, os
for pj in glob.glob('packages/*/package.json') + glob.glob('apps/*/package.json') + ['temporal/package.json']:
    d = os.path.dirname(pj)
    s = json.load(open(pj))
    ex = s.get('exports', {})
    dot = ex.get('.') if isinstance(ex, dict) else None
    if isinstance(dot, dict) and dot.get('source', '').startswith('./src/'):
        src = dot['source']
        base = src[len('./src/'):-3]
        ex['.'] = {'source': src, 'types': f'./dist/{base}.d.ts', 'default': f'./dist/{base}.js'}
        json.dump(s, open(pj, 'w'), indent=2); open(pj, 'a').write('\n')
    tc = os.path.join(d, 'tsconfig.json')
    if os.path.exists(tc):
        t = json.load(open(tc))
        co = t.setdefault('compilerOptions', {})
        co.pop('rootDir', None); co.pop('outDir', None)
        co['customConditions'] = ['source']
        co['noEmit'] = True
        json.dump(t, open(tc, 'w'), indent=2); open(tc, 'a').write('\n')
