"""Openings of Amakta Infinit at the start of play, for engine matches.

Against a running server (`spielwerk serve --addr 127.0.0.1:18095
--games-per-minute 0`), plays 100 human-vs-human games through the HTTP
API: a random bid for Black of 40 to 60 points (White has 50), accepted;
then each side creates stones until its points are spent, each time the
one of 12 random affordable creation moves whose value is nearest a random
4 to 14; then two random plies of play. Writes the position texts, one a
line, to the file given (default openings/amakta-infinit-play.txt).

    python3 openings/tools/infinit_openings.py SEED [OUT]
"""
import json,urllib.request,random,re,sys
random.seed(int(sys.argv[1]) if len(sys.argv)>1 else 7)
B='http://127.0.0.1:18095'
def post(path,body,token=None):
    h={'content-type':'application/json'}
    if token: h['authorization']='Bearer '+token
    return json.load(urllib.request.urlopen(urllib.request.Request(B+path,data=json.dumps(body).encode(),headers=h)))
def get(path): return json.load(urllib.request.urlopen(B+path))
def value(mv):
    _, code, circle = mv.split()
    a=sum(1 for d in code if d in '123')+2*sum(1 for d in code if d in '789'); b=sum(1 for d in code if d in '456')
    h={'n':2,'r':4,'d':1}[circle]
    return a*(a-1)+a*h+5*b*(b-1)+5*b*h+6*a*b+h
out=[]
while len(out)<100:
    c=post('/api/games',{'game':'amakta-infinit','opponent':'human'})
    gid=c['id']; inv=c['invite'].split('#invite=')[1]
    j=post('/api/games/%s/join'%gid,{'invite':inv})
    toks={c['seat']:c['token'], j['seat']:j['token']}
    st=j['state']
    def play(mv):
        global st
        st=post('/api/games/%s/moves'%gid,{'move':mv},toks[st['side_to_move']])
    play('bid %d'%random.randint(40,60)); play('accept')
    while True:
        s=get('/api/games/%s?legal=none&view=none'%gid)
        pos=s['position']
        if re.search(r'turn=(white|black)\b', pos) or s['outcome']: break
        n=s['legal_moves_count']; side=s['side_to_move']
        left=[int(x) for x in re.search(r'left=(\d+),(\d+)',pos).groups()]
        if n==1:
            mv='close'
        else:
            cands=[get('/api/games/%s?legal_from=%d&legal_to=%d&view=none'%(gid,i,i+1))['legal_moves'][0] for i in random.sample(range(1,n),min(12,n-1))]
            target=random.randint(4,14)
            mv=min(cands,key=lambda m: abs(value(m)-target))
        st=post('/api/games/%s/moves'%gid,{'move':mv},toks[side])
    for _ in range(2):
        s=get('/api/games/%s?view=none'%gid)
        if s['outcome'] or not s['legal_moves']: break
        st=post('/api/games/%s/moves'%gid,{'move':random.choice(s['legal_moves'])},toks[s['side_to_move']])
    s=get('/api/games/%s?legal=none&view=none'%gid)
    if not s['outcome']:
        out.append(s['position'])
open(sys.argv[2] if len(sys.argv)>2 else 'openings/amakta-infinit-play.txt','w').write('\n'.join(out)+'\n')
print(len(out)); print(out[0][:400])
