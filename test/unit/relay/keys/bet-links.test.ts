// A key's sportsbooks: what an operator may write, and where a click goes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { betLinkUrl, parseBetLink, parseBetLinks } from '../../../../src/relay/keys/bet-links.js';

describe('bet links', () => {
  it('takes a name and an https template with known placeholders', () => {
    assert.deepEqual(parseBetLink('Book One = https://book.example/bet?league={league}&side={side}&ref=PUB1'), {
      name: 'Book One',
      template: 'https://book.example/bet?league={league}&side={side}&ref=PUB1',
    });
  });

  it('refuses what could send a reader anywhere, saying what to change', () => {
    assert.match(parseBetLink('Book=http://book.example/') as string, /must be https/);
    assert.match(parseBetLink('Book=javascript:alert(1)') as string, /must be https|not an address/);
    assert.match(parseBetLink('Book=https://{home}.example/') as string, /cannot stand in the link's host/);
    for (const template of ['https:{game}/bet?x=1', 'https:/{game}/bet', 'https://book.example{game}/', 'https://book.example:{line}/'])
      assert.match(parseBetLink(`Book=${template}`) as string, /cannot stand in the link's host|not an address/, template);
    assert.match(parseBetLink('Book=https://user:pw@book.example/') as string, /user name or password/);
    assert.match(parseBetLink('Book=https://book.example/?u={url}') as string, /\{url\} is no placeholder/);
    assert.match(parseBetLink('https://book.example/') as string, /Name=https/);
    assert.match(parseBetLink('<b>=https://book.example/') as string, /without <, > or quotes/);
  });

  it('takes plain http to this machine alone, for a stand-in book while links are tried out', () => {
    for (const template of ['http://localhost:9000/bet?g={game}', 'http://127.0.0.1:9000/', 'http://[::1]:9000/'])
      assert.equal(typeof parseBetLink(`Stand-in=${template}`), 'object', template);
    for (const template of ['http://localhost.evil.example/', 'http://127.0.0.1.nip.io/', 'http://10.0.0.1/'])
      assert.match(parseBetLink(`Book=${template}`) as string, /must be https/, template);
  });

  it('lists at most five books, each once', () => {
    const six = Array.from({ length: 6 }, (_, index) => `Book ${index}=https://b${index}.example/`);
    assert.deepEqual(parseBetLinks(six), { ok: false, message: 'at most 5 books, not 6' });
    assert.match((parseBetLinks(['A=https://a.example/', 'a=https://b.example/']) as { message: string }).message, /listed twice/);
  });

  it('fills a click’s values URL-encoded, so a value cannot change the address', () => {
    const book = { name: 'Book', template: 'https://book.example/bet?m={market}&s={side}&l={line}&ref=PUB1' };
    assert.equal(
      betLinkUrl(book, { market: 'spread', side: 'BOS&ref=EVIL', line: '-4.5' }),
      'https://book.example/bet?m=spread&s=BOS%26ref%3DEVIL&l=-4.5&ref=PUB1',
    );
    assert.equal(
      betLinkUrl({ name: 'Stored', template: 'https:{game}/bet' }, { game: 'evil.example' }),
      undefined,
      'a stored link is checked again',
    );
  });
});
