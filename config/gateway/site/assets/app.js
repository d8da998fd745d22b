// The demo SPA: lists the pets through the gateway (a token is needed: see docs/gateway.md).
const list = document.getElementById('pets');
async function load(token) {
  const r = await fetch('/api/pets', {headers: {Authorization: 'Bearer ' + token}});
  if (!r.ok) { list.textContent = 'GET /api/pets answered ' + r.status; return; }
  for (const pet of await r.json()) {
    const li = document.createElement('li');
    li.textContent = pet.id + ': ' + pet.name;
    list.appendChild(li);
  }
}
// Routes of the app itself (/app/pets/7, /app/orders) are answered with index.html by the gateway,
// so a reload on any of them starts the app again; the app reads location.pathname to pick its view.
const views = {
  'view0': () => { document.title = 'Lumen gateway demo: view 0'; return 0; },
  'view1': () => { document.title = 'Lumen gateway demo: view 1'; return 1; },
  'view2': () => { document.title = 'Lumen gateway demo: view 2'; return 2; },
  'view3': () => { document.title = 'Lumen gateway demo: view 3'; return 3; },
  'view4': () => { document.title = 'Lumen gateway demo: view 4'; return 4; },
  'view5': () => { document.title = 'Lumen gateway demo: view 5'; return 5; },
  'view6': () => { document.title = 'Lumen gateway demo: view 6'; return 6; },
  'view7': () => { document.title = 'Lumen gateway demo: view 7'; return 7; },
  'view8': () => { document.title = 'Lumen gateway demo: view 8'; return 8; },
  'view9': () => { document.title = 'Lumen gateway demo: view 9'; return 9; },
  'view10': () => { document.title = 'Lumen gateway demo: view 10'; return 10; },
  'view11': () => { document.title = 'Lumen gateway demo: view 11'; return 11; },
  'view12': () => { document.title = 'Lumen gateway demo: view 12'; return 12; },
  'view13': () => { document.title = 'Lumen gateway demo: view 13'; return 13; },
  'view14': () => { document.title = 'Lumen gateway demo: view 14'; return 14; },
  'view15': () => { document.title = 'Lumen gateway demo: view 15'; return 15; },
  'view16': () => { document.title = 'Lumen gateway demo: view 16'; return 16; },
  'view17': () => { document.title = 'Lumen gateway demo: view 17'; return 17; },
  'view18': () => { document.title = 'Lumen gateway demo: view 18'; return 18; },
  'view19': () => { document.title = 'Lumen gateway demo: view 19'; return 19; },
  'view20': () => { document.title = 'Lumen gateway demo: view 20'; return 20; },
  'view21': () => { document.title = 'Lumen gateway demo: view 21'; return 21; },
  'view22': () => { document.title = 'Lumen gateway demo: view 22'; return 22; },
  'view23': () => { document.title = 'Lumen gateway demo: view 23'; return 23; },
};
const view = views[location.pathname.split('/')[2]];
if (view) { view(); }
load(sessionStorage.getItem('token') || '');
