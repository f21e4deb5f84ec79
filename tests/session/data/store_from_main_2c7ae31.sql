-- A game store made by homestretch at main 2c7ae31 (2026-12-06), before saved games
-- recorded which bundled files they read: every game marked with all of its game's
-- bundled files (settings 'bundled_content'). Made with:
--   homestretch across play --bots 3 --dice "3 4 5 6"                    (game 1, unfinished)
--   homestretch totopoly play --bots 2 --dice "3 4 5 6"                  (game 2, unfinished)
--   homestretch derbycast play --bots 3 --source simulate --races 2 --seed 5   (game 3)
--   homestretch derbycast play --bots 3 --source replays --races 2 --seed 6
--       --table own/odds_table.csv (the printed table copied out)         (game 4)
--   homestretch stretch run .../races/2009-champagne-stakes.toml --seed 7 (game 5)
-- and written out with sqlite3's iterdump (tests/session/test_saved_content.py).
BEGIN TRANSACTION;
CREATE TABLE events (
	id INTEGER NOT NULL, 
	game_id INTEGER NOT NULL, 
	seq INTEGER NOT NULL, 
	payload TEXT NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(game_id) REFERENCES games (id)
);
INSERT INTO "events" VALUES(1,1,0,'{"player": 0, "action": {"kind": "track", "track": "epsom-downs"}, "at": 1796518336.731}');
INSERT INTO "events" VALUES(2,1,1,'{"player": 0, "action": {"kind": "bid", "amount": 1, "partner": -1}, "at": 1796518336.778}');
INSERT INTO "events" VALUES(3,1,2,'{"player": 1, "action": {"kind": "pass"}, "at": 1796518336.784}');
INSERT INTO "events" VALUES(4,1,3,'{"player": 2, "action": {"kind": "pass"}, "at": 1796518336.785}');
INSERT INTO "events" VALUES(5,1,4,'{"player": 0, "action": {"kind": "bid", "amount": 1, "partner": -1}, "at": 1796518336.786}');
INSERT INTO "events" VALUES(6,1,5,'{"player": 1, "action": {"kind": "bid", "amount": 2, "partner": -1}, "at": 1796518336.787}');
INSERT INTO "events" VALUES(7,1,6,'{"player": 2, "action": {"kind": "bid", "amount": 3, "partner": -1}, "at": 1796518336.787}');
INSERT INTO "events" VALUES(8,1,7,'{"player": 0, "action": {"kind": "bid", "amount": 4, "partner": -1}, "at": 1796518336.788}');
INSERT INTO "events" VALUES(9,1,8,'{"player": 1, "action": {"kind": "pass"}, "at": 1796518336.788}');
INSERT INTO "events" VALUES(10,1,9,'{"player": 2, "action": {"kind": "pass"}, "at": 1796518336.789}');
INSERT INTO "events" VALUES(11,1,10,'{"player": 0, "action": {"kind": "bid", "amount": 2, "partner": -1}, "at": 1796518336.79}');
INSERT INTO "events" VALUES(12,1,11,'{"player": 1, "action": {"kind": "pass"}, "at": 1796518336.79}');
INSERT INTO "events" VALUES(13,1,12,'{"player": 2, "action": {"kind": "pass"}, "at": 1796518336.79}');
INSERT INTO "events" VALUES(14,1,13,'{"player": 0, "action": {"kind": "bid", "amount": 2, "partner": -1}, "at": 1796518336.791}');
INSERT INTO "events" VALUES(15,1,14,'{"player": 1, "action": {"kind": "bid", "amount": 3, "partner": -1}, "at": 1796518336.796}');
INSERT INTO "events" VALUES(16,1,15,'{"player": 2, "action": {"kind": "bid", "amount": 4, "partner": -1}, "at": 1796518336.797}');
INSERT INTO "events" VALUES(17,1,16,'{"player": 0, "action": {"kind": "pass"}, "at": 1796518336.797}');
INSERT INTO "events" VALUES(18,1,17,'{"player": 1, "action": {"kind": "pass"}, "at": 1796518336.798}');
INSERT INTO "events" VALUES(19,1,18,'{"player": 0, "action": {"kind": "pass"}, "at": 1796518336.799}');
INSERT INTO "events" VALUES(20,1,19,'{"player": 1, "action": {"kind": "pass"}, "at": 1796518336.799}');
INSERT INTO "events" VALUES(21,1,20,'{"player": 2, "action": {"kind": "pass"}, "at": 1796518336.799}');
INSERT INTO "events" VALUES(22,1,21,'{"player": 0, "action": {"kind": "pass"}, "at": 1796518336.804}');
INSERT INTO "events" VALUES(23,1,22,'{"player": 1, "action": {"kind": "bid", "amount": 3, "partner": -1}, "at": 1796518336.805}');
INSERT INTO "events" VALUES(24,1,23,'{"player": 2, "action": {"kind": "pass"}, "at": 1796518336.805}');
INSERT INTO "events" VALUES(25,1,24,'{"player": 0, "action": {"kind": "bid", "amount": 5, "partner": -1}, "at": 1796518336.806}');
INSERT INTO "events" VALUES(26,1,25,'{"player": 1, "action": {"kind": "pass"}, "at": 1796518336.807}');
INSERT INTO "events" VALUES(27,1,26,'{"player": 2, "action": {"kind": "pass"}, "at": 1796518336.807}');
INSERT INTO "events" VALUES(28,1,27,'{"player": 0, "action": {"kind": "pass"}, "at": 1796518336.812}');
INSERT INTO "events" VALUES(29,1,28,'{"player": 1, "action": {"kind": "pass"}, "at": 1796518336.812}');
INSERT INTO "events" VALUES(30,1,29,'{"player": 2, "action": {"kind": "pass"}, "at": 1796518336.813}');
INSERT INTO "events" VALUES(31,1,30,'{"player": 0, "action": {"kind": "bid", "amount": 3, "partner": -1}, "at": 1796518336.813}');
INSERT INTO "events" VALUES(32,1,31,'{"player": 1, "action": {"kind": "pass"}, "at": 1796518336.814}');
INSERT INTO "events" VALUES(33,1,32,'{"player": 2, "action": {"kind": "pass"}, "at": 1796518336.814}');
INSERT INTO "events" VALUES(34,1,33,'{"player": 0, "action": {"kind": "bid", "amount": 2, "partner": -1}, "at": 1796518336.815}');
INSERT INTO "events" VALUES(35,1,34,'{"player": 1, "action": {"kind": "bid", "amount": 3, "partner": -1}, "at": 1796518336.816}');
INSERT INTO "events" VALUES(36,1,35,'{"player": 2, "action": {"kind": "bid", "amount": 4, "partner": -1}, "at": 1796518336.816}');
INSERT INTO "events" VALUES(37,1,36,'{"player": 0, "action": {"kind": "pass"}, "at": 1796518336.817}');
INSERT INTO "events" VALUES(38,1,37,'{"player": 1, "action": {"kind": "pass"}, "at": 1796518336.817}');
INSERT INTO "events" VALUES(39,1,38,'{"player": 0, "action": {"kind": "pass"}, "at": 1796518336.818}');
INSERT INTO "events" VALUES(40,1,39,'{"player": 1, "action": {"kind": "pass"}, "at": 1796518336.818}');
INSERT INTO "events" VALUES(41,1,40,'{"player": 2, "action": {"kind": "pass"}, "at": 1796518336.818}');
INSERT INTO "events" VALUES(42,1,41,'{"player": 0, "action": {"kind": "bid", "amount": 1, "partner": -1}, "at": 1796518336.819}');
INSERT INTO "events" VALUES(43,1,42,'{"player": 1, "action": {"kind": "pass"}, "at": 1796518336.819}');
INSERT INTO "events" VALUES(44,1,43,'{"player": 2, "action": {"kind": "pass"}, "at": 1796518336.828}');
INSERT INTO "events" VALUES(45,1,44,'{"player": 0, "action": {"kind": "pass"}, "at": 1796518336.83}');
INSERT INTO "events" VALUES(46,1,45,'{"player": 1, "action": {"kind": "pass"}, "at": 1796518336.83}');
INSERT INTO "events" VALUES(47,1,46,'{"player": 2, "action": {"kind": "pass"}, "at": 1796518336.83}');
INSERT INTO "events" VALUES(48,1,47,'{"player": 0, "action": {"kind": "pass"}, "at": 1796518336.831}');
INSERT INTO "events" VALUES(49,1,48,'{"player": 1, "action": {"kind": "pass"}, "at": 1796518336.832}');
INSERT INTO "events" VALUES(50,1,49,'{"player": 2, "action": {"kind": "pass"}, "at": 1796518336.832}');
INSERT INTO "events" VALUES(51,1,50,'{"player": 2, "action": {"kind": "done"}, "at": 1796518336.844}');
INSERT INTO "events" VALUES(52,1,51,'{"player": 0, "action": {"kind": "sell", "horse": 7, "buyer": 1, "price": 6}, "at": 1796518336.848}');
INSERT INTO "events" VALUES(53,1,52,'{"player": 1, "action": {"kind": "answer", "accept": true}, "at": 1796518336.849}');
INSERT INTO "events" VALUES(54,1,53,'{"player": 0, "action": {"kind": "done"}, "at": 1796518336.851}');
INSERT INTO "events" VALUES(55,1,54,'{"player": 1, "action": {"kind": "done"}, "at": 1796518336.858}');
INSERT INTO "events" VALUES(56,1,55,'{"chance": [3, 4], "at": 1796518336.862}');
INSERT INTO "events" VALUES(57,1,56,'{"player": 1, "action": {"kind": "accept"}, "at": 1796518336.863}');
INSERT INTO "events" VALUES(58,1,57,'{"chance": [5, 6], "at": 1796518336.864}');
INSERT INTO "events" VALUES(59,1,58,'{"player": 2, "action": {"kind": "accept"}, "at": 1796518336.864}');
INSERT INTO "events" VALUES(60,2,0,'{"chance": [4], "at": 1796518338.857}');
INSERT INTO "events" VALUES(61,2,1,'{"chance": [16], "at": 1796518338.858}');
INSERT INTO "events" VALUES(62,2,2,'{"chance": [0], "at": 1796518338.859}');
INSERT INTO "events" VALUES(63,2,3,'{"chance": [0], "at": 1796518338.859}');
INSERT INTO "events" VALUES(64,2,4,'{"chance": [2], "at": 1796518338.859}');
INSERT INTO "events" VALUES(65,2,5,'{"chance": [7], "at": 1796518338.859}');
INSERT INTO "events" VALUES(66,2,6,'{"chance": [1], "at": 1796518338.867}');
INSERT INTO "events" VALUES(67,2,7,'{"chance": [2], "at": 1796518338.868}');
INSERT INTO "events" VALUES(68,2,8,'{"chance": [7], "at": 1796518338.868}');
INSERT INTO "events" VALUES(69,2,9,'{"chance": [8], "at": 1796518338.868}');
INSERT INTO "events" VALUES(70,2,10,'{"chance": [6], "at": 1796518338.868}');
INSERT INTO "events" VALUES(71,2,11,'{"chance": [9], "at": 1796518338.868}');
INSERT INTO "events" VALUES(72,2,12,'{"chance": [7], "at": 1796518338.868}');
INSERT INTO "events" VALUES(73,2,13,'{"chance": [7], "at": 1796518338.868}');
INSERT INTO "events" VALUES(74,2,14,'{"chance": [3], "at": 1796518338.869}');
INSERT INTO "events" VALUES(75,2,15,'{"chance": [0], "at": 1796518338.869}');
INSERT INTO "events" VALUES(76,2,16,'{"chance": [4], "at": 1796518338.869}');
INSERT INTO "events" VALUES(77,2,17,'{"chance": [3], "at": 1796518338.869}');
INSERT INTO "events" VALUES(78,2,18,'{"chance": [0], "at": 1796518338.869}');
INSERT INTO "events" VALUES(79,2,19,'{"chance": [0], "at": 1796518338.869}');
INSERT INTO "events" VALUES(80,2,20,'{"player": 1, "action": {"kind": "reject", "card": "lease:club"}, "at": 1796518338.904}');
INSERT INTO "events" VALUES(81,2,21,'{"chance": [5], "at": 1796518338.905}');
INSERT INTO "events" VALUES(82,2,22,'{"player": 0, "action": {"kind": "reject", "card": "lease:tote"}, "at": 1796518338.906}');
INSERT INTO "events" VALUES(83,2,23,'{"chance": [4], "at": 1796518338.906}');
INSERT INTO "events" VALUES(84,2,24,'{"player": 1, "action": {"kind": "discard", "card": "lease:horse-07"}, "at": 1796518338.907}');
INSERT INTO "events" VALUES(85,2,25,'{"player": 1, "action": {"kind": "discard", "card": "lease:horse-08"}, "at": 1796518338.911}');
INSERT INTO "events" VALUES(86,2,26,'{"player": 1, "action": {"kind": "done"}, "at": 1796518338.911}');
INSERT INTO "events" VALUES(87,2,27,'{"player": 0, "action": {"kind": "discard", "card": "lease:stevedon"}, "at": 1796518338.912}');
INSERT INTO "events" VALUES(88,2,28,'{"player": 0, "action": {"kind": "done"}, "at": 1796518338.914}');
INSERT INTO "events" VALUES(89,2,29,'{"player": 1, "action": {"kind": "lot", "card": "lease:tote"}, "at": 1796518338.915}');
INSERT INTO "events" VALUES(90,2,30,'{"player": 0, "action": {"kind": "bid", "guineas": 1}, "at": 1796518338.915}');
INSERT INTO "events" VALUES(91,2,31,'{"player": 1, "action": {"kind": "bid", "guineas": 2}, "at": 1796518338.915}');
INSERT INTO "events" VALUES(92,2,32,'{"player": 0, "action": {"kind": "bid", "guineas": 3}, "at": 1796518338.916}');
INSERT INTO "events" VALUES(93,2,33,'{"player": 1, "action": {"kind": "bid", "guineas": 4}, "at": 1796518338.916}');
INSERT INTO "events" VALUES(94,2,34,'{"player": 0, "action": {"kind": "bid", "guineas": 5}, "at": 1796518338.916}');
INSERT INTO "events" VALUES(95,2,35,'{"player": 1, "action": {"kind": "bid", "guineas": 6}, "at": 1796518338.917}');
INSERT INTO "events" VALUES(96,2,36,'{"player": 0, "action": {"kind": "bid", "guineas": 7}, "at": 1796518338.917}');
INSERT INTO "events" VALUES(97,2,37,'{"player": 1, "action": {"kind": "bid", "guineas": 8}, "at": 1796518338.917}');
INSERT INTO "events" VALUES(98,2,38,'{"player": 0, "action": {"kind": "pass"}, "at": 1796518338.917}');
INSERT INTO "events" VALUES(99,2,39,'{"player": 1, "action": {"kind": "lot", "card": "lease:horse-02"}, "at": 1796518338.918}');
INSERT INTO "events" VALUES(100,2,40,'{"player": 1, "action": {"kind": "lot", "card": "lease:stevedon"}, "at": 1796518338.918}');
INSERT INTO "events" VALUES(101,2,41,'{"player": 0, "action": {"kind": "bid", "guineas": 10}, "at": 1796518338.918}');
INSERT INTO "events" VALUES(102,2,42,'{"player": 1, "action": {"kind": "lot", "card": "lease:horse-10"}, "at": 1796518338.919}');
INSERT INTO "events" VALUES(103,2,43,'{"player": 1, "action": {"kind": "lot", "card": "lease:horse-07"}, "at": 1796518338.919}');
INSERT INTO "events" VALUES(104,2,44,'{"player": 1, "action": {"kind": "lot", "card": "lease:horse-04"}, "at": 1796518338.919}');
INSERT INTO "events" VALUES(105,2,45,'{"player": 1, "action": {"kind": "lot", "card": "lease:horse-05"}, "at": 1796518338.951}');
INSERT INTO "events" VALUES(106,2,46,'{"player": 1, "action": {"kind": "lot", "card": "lease:horse-08"}, "at": 1796518338.951}');
INSERT INTO "events" VALUES(107,2,47,'{"player": 0, "action": {"kind": "bid", "guineas": 1}, "at": 1796518338.952}');
INSERT INTO "events" VALUES(108,2,48,'{"player": 1, "action": {"kind": "bid", "guineas": 2}, "at": 1796518338.952}');
INSERT INTO "events" VALUES(109,2,49,'{"player": 0, "action": {"kind": "bid", "guineas": 3}, "at": 1796518338.953}');
INSERT INTO "events" VALUES(110,2,50,'{"player": 1, "action": {"kind": "bid", "guineas": 4}, "at": 1796518338.953}');
INSERT INTO "events" VALUES(111,2,51,'{"player": 0, "action": {"kind": "bid", "guineas": 5}, "at": 1796518338.953}');
INSERT INTO "events" VALUES(112,2,52,'{"player": 1, "action": {"kind": "bid", "guineas": 6}, "at": 1796518338.954}');
INSERT INTO "events" VALUES(113,2,53,'{"player": 0, "action": {"kind": "bid", "guineas": 7}, "at": 1796518338.954}');
INSERT INTO "events" VALUES(114,2,54,'{"player": 1, "action": {"kind": "bid", "guineas": 8}, "at": 1796518338.954}');
INSERT INTO "events" VALUES(115,2,55,'{"player": 0, "action": {"kind": "bid", "guineas": 9}, "at": 1796518338.955}');
INSERT INTO "events" VALUES(116,2,56,'{"player": 1, "action": {"kind": "bid", "guineas": 10}, "at": 1796518338.955}');
INSERT INTO "events" VALUES(117,2,57,'{"player": 0, "action": {"kind": "bid", "guineas": 11}, "at": 1796518338.955}');
INSERT INTO "events" VALUES(118,2,58,'{"player": 1, "action": {"kind": "bid", "guineas": 12}, "at": 1796518338.964}');
INSERT INTO "events" VALUES(119,2,59,'{"player": 0, "action": {"kind": "pass"}, "at": 1796518338.965}');
INSERT INTO "events" VALUES(120,2,60,'{"chance": [3, 4], "at": 1796518338.965}');
INSERT INTO "events" VALUES(121,2,61,'{"chance": [5, 6], "at": 1796518338.965}');
INSERT INTO "events" VALUES(122,2,62,'{"chance": [1], "at": 1796518338.965}');
INSERT INTO "events" VALUES(123,3,0,'{"player": 3, "action": {"kind": "card", "race": "Arc of the Ages (simulated, seed 5)", "horses": ["Sea-Bird", "Ribot", "Mill Reef", "Dancing Brave", "Sea the Stars", "Enable", "Allez France", "Nijinsky", "Dahlia", "Secretariat", "John Henry", "Kelso"], "odds": ["9-1", "4-1", "11-1", "19-1", "5-1", "12-1", "14-1", "14-1", "20-1", "7-1", "14-1", "6-1"], "programs": ["", "", "", "", "", "", "", "", "", "", "", ""], "scratched": []}, "at": 1796518343.741}');
INSERT INTO "events" VALUES(124,3,1,'{"player": 0, "action": {"kind": "pick", "horse": "Sea-Bird", "bet": "win"}, "at": 1796518343.746}');
INSERT INTO "events" VALUES(125,3,2,'{"player": 1, "action": {"kind": "pick", "horse": "Sea-Bird", "bet": "place"}, "at": 1796518343.752}');
INSERT INTO "events" VALUES(126,3,3,'{"player": 2, "action": {"kind": "pick", "horse": "Nijinsky", "bet": "place"}, "at": 1796518343.753}');
INSERT INTO "events" VALUES(127,3,4,'{"player": 3, "action": {"kind": "scratches", "horses": [], "sit_out": []}, "at": 1796518343.754}');
INSERT INTO "events" VALUES(128,3,5,'{"player": 3, "action": {"kind": "result", "odds": ["9-1", "4-1", "11-1", "19-1", "5-1", "12-1", "14-1", "14-1", "20-1", "7-1", "14-1", "6-1"], "finish": [9, 5, 11, 10, 6, 8, 1, 4, 12, 2, 3, 7], "official": true, "typed": "", "call_headings": ["The pace", "Today''s form", "Trouble", "Down the stretch", "At the wire", "Why it was won", "The result"], "call_words": ["Enable (Pace 6), Secretariat (Pace 6) and Kelso (Pace 6) go for the lead (6 + 6 = 12 on the Pace Scenario chart, dice 8), and the pace is normal.", "Form lifts Secretariat to 27 (+2); drops Mill Reef to 21 (-3), Dancing Brave to 23 (-1), Sea the Stars to 24 (-1), John Henry to 23 (-1). Secretariat has the best rating, 27.", "Mill Reef is bumped and checked, and loses 2 more points (form roll 3, Trouble chart 7, jockey test 9 against the rider''s Trouble 8).", "It comes down to speed and the riders make a difference. It favours Secretariat (+4).", "Allez France hits the wire first, then Secretariat by a length, then John Henry by 1 1/2 lengths, then Nijinsky by a nose in a photo. The photo, both on a speed figure of 104, goes by two dice, the Wire rating and the rider: John Henry 8 + 8 + 1 = 17, Nijinsky 8 + 6 + 1 = 15.", "Allez France: started on a rating of 23, 3 below Ribot''s 26 (the good turf cost it 1, no Wet rating); ran the stretch on 23; speed and the rider +2; a Final Speed roll of 11 (the field''s best; 7 is the average). The favourite, Ribot (4-1), ran 5th: a Final Speed roll of 6.", "1st #7 Allez France; 2nd #10 Secretariat; 3rd #11 John Henry. The time: 2:26.20."]}, "at": 1796518343.76}');
INSERT INTO "events" VALUES(129,3,6,'{"player": 3, "action": {"kind": "card", "race": "The Test of the Champion (simulated, seed 6)", "horses": ["Secretariat", "Citation", "Count Fleet", "Affirmed", "Easy Goer", "American Pharoah", "War Admiral", "Nashua", "Seattle Slew", "Justify"], "odds": ["3-1", "6-1", "12-1", "5-1", "8-1", "9-1", "14-1", "14-1", "5-1", "18-1"], "programs": ["", "", "", "", "", "", "", "", "", ""], "scratched": []}, "at": 1796518343.825}');
INSERT INTO "events" VALUES(130,3,7,'{"player": 1, "action": {"kind": "pick", "horse": "Citation", "bet": "win"}, "at": 1796518343.826}');
INSERT INTO "events" VALUES(131,3,8,'{"player": 2, "action": {"kind": "pick", "horse": "Secretariat", "bet": "win"}, "at": 1796518343.849}');
INSERT INTO "events" VALUES(132,3,9,'{"player": 0, "action": {"kind": "pick", "horse": "War Admiral", "bet": "place"}, "at": 1796518343.872}');
INSERT INTO "events" VALUES(133,3,10,'{"player": 3, "action": {"kind": "scratches", "horses": [], "sit_out": []}, "at": 1796518343.886}');
INSERT INTO "events" VALUES(134,3,11,'{"player": 3, "action": {"kind": "result", "odds": ["3-1", "6-1", "12-1", "5-1", "8-1", "9-1", "14-1", "14-1", "5-1", "18-1"], "finish": [10, 3, 4, 6, 2, 1, 9, 5, 7, 8], "official": true, "typed": "", "call_headings": ["The pace", "Today''s form", "Trouble", "Down the stretch", "At the wire", "Why it was won", "The result"], "call_words": ["Count Fleet (Pace 8), War Admiral (Pace 8), Seattle Slew (Pace 8) and Justify (Pace 8) go for the lead (8 + 8 = 16 on the Pace Scenario chart, dice 11), and the pace is fast. It costs every horse but Easy Goer.", "Form lifts Citation to 25 (+1), Affirmed to 25 (+1); drops Secretariat to 24 (-1). Citation, Affirmed and Easy Goer share the best rating, 25.", "Secretariat interferes with a rival: the stewards will disqualify it (form roll 3, Trouble chart 10).", "It comes down to trip and the riders make a difference. It favours Citation (+4).", "American Pharoah hits the wire first, then Easy Goer by 3 1/4 lengths, then Citation by 3 1/4 lengths. The stewards disqualify Secretariat, 10th past the wire (die 5): placed 10th.", "American Pharoah: started on a rating of 25, 1 below Secretariat''s 26; the fast pace cost it 1; ran the stretch on 24; trip and the rider +2; a Final Speed roll of 12 (the field''s best; 7 is the average). The favourite, Secretariat (3-1), ran 10th: the fast pace cost it 1; trouble and form cost it 1; a Final Speed roll of 2; disqualified (die 5).", "1st #6 American Pharoah; 2nd #5 Easy Goer; 3rd #2 Citation. #1 Secretariat is disqualified, placed 10th. The time: 2:26.24."]}, "at": 1796518343.887}');
INSERT INTO "events" VALUES(135,3,12,'{"player": 3, "action": {"kind": "card", "race": "The Century Classic (simulated, seed 7)", "horses": ["Secretariat", "Man o'' War", "Citation", "Spectacular Bid", "Dr. Fager", "Ghostzapper", "Flightline", "Cigar", "Affirmed", "Sunday Silence"], "odds": ["5-1", "6-1", "23-1", "15-1", "5-1", "9-2", "5-1", "8-1", "12-1", "10-1"], "programs": ["", "", "", "", "", "", "", "", "", ""], "scratched": []}, "at": 1796518343.976}');
INSERT INTO "events" VALUES(136,3,13,'{"player": 2, "action": {"kind": "pick", "horse": "Sunday Silence", "bet": "place"}, "at": 1796518343.978}');
INSERT INTO "events" VALUES(137,3,14,'{"player": 0, "action": {"kind": "pick", "horse": "Citation", "bet": "win"}, "at": 1796518343.991}');
INSERT INTO "events" VALUES(138,3,15,'{"player": 1, "action": {"kind": "pick", "horse": "Citation", "bet": "place"}, "at": 1796518343.993}');
INSERT INTO "events" VALUES(139,3,16,'{"player": 3, "action": {"kind": "scratches", "horses": [], "sit_out": []}, "at": 1796518343.994}');
INSERT INTO "events" VALUES(140,3,17,'{"player": 3, "action": {"kind": "result", "odds": ["5-1", "6-1", "23-1", "15-1", "5-1", "9-2", "5-1", "8-1", "12-1", "10-1"], "finish": [1, null, 8, 7, 6, 9, 4, 2, 3, 5], "official": true, "typed": "", "call_headings": ["The pace", "Today''s form", "Trouble", "Down the stretch", "At the wire", "Why it was won", "The result"], "call_words": ["Man o'' War (Pace 9) and Dr. Fager (Pace 9) go for the lead (9 + 9 = 18 on the Pace Scenario chart, dice 9), and the pace is fast. It costs every horse in the race.", "Form drops Ghostzapper to 23 (-1). Secretariat and Flightline share the best rating, 25.", "Man o'' War is out of the race (form roll 3, Trouble chart 12). Ghostzapper is in traffic, and Javier Castellano steers it clear (form roll 3, Trouble chart 7, jockey test 7 against the rider''s Trouble 9).", "It comes down to class. It gives every horse +2 but Dr. Fager (+1) and Ghostzapper (+1).", "Secretariat hits the wire first, then Cigar by 3 1/4 lengths, then Affirmed by 2 1/4 lengths.", "Secretariat: started joint top-rated (26); the fast pace cost it 1; ran the stretch on 25 (joint best); class +2 (joint most); a Final Speed roll of 11 (the field''s best; 7 is the average). The favourite, Ghostzapper (9-2), ran 9th: the fast pace cost it 2; trouble and form cost it 1; class gave it +1 to the winner''s +2; a Final Speed roll of 6.", "1st #1 Secretariat; 2nd #8 Cigar; 3rd #9 Affirmed. The time: 2:00.05."]}, "at": 1796518343.995}');
INSERT INTO "events" VALUES(141,3,18,'{"player": 3, "action": {"kind": "card", "race": "Derby of the Century (simulated, seed 8)", "horses": ["Secretariat", "Citation", "Seattle Slew", "Affirmed", "Alydar", "Count Fleet", "Native Dancer", "War Admiral", "Whirlaway", "Sunday Silence", "Easy Goer", "American Pharoah", "Justify", "Curlin"], "odds": ["4-1", "10-1", "8-1", "19-1", "42-1", "12-1", "10-1", "19-1", "10-1", "5-1", "12-1", "10-1", "28-1", "19-1"], "programs": ["", "", "", "", "", "", "", "", "", "", "", "", "", ""], "scratched": []}, "at": 1796518344.042}');
INSERT INTO "events" VALUES(142,3,19,'{"player": 0, "action": {"kind": "pick", "horse": "Seattle Slew", "bet": "show"}, "at": 1796518344.047}');
INSERT INTO "events" VALUES(143,3,20,'{"player": 1, "action": {"kind": "pick", "horse": "Easy Goer", "bet": "show"}, "at": 1796518344.052}');
INSERT INTO "events" VALUES(144,3,21,'{"player": 2, "action": {"kind": "pick", "horse": "Curlin", "bet": "place"}, "at": 1796518344.054}');
INSERT INTO "events" VALUES(145,3,22,'{"player": 3, "action": {"kind": "scratches", "horses": [], "sit_out": []}, "at": 1796518344.054}');
INSERT INTO "events" VALUES(146,3,23,'{"player": 3, "action": {"kind": "result", "odds": ["4-1", "10-1", "8-1", "19-1", "42-1", "12-1", "10-1", "19-1", "10-1", "5-1", "12-1", "10-1", "28-1", "19-1"], "finish": [6, 8, 1, 4, 10, 9, 14, 12, 2, 5, 3, 7, 11, 13], "official": true, "typed": "", "call_headings": ["The pace", "Today''s form", "Down the stretch", "At the wire", "Why it was won", "The result"], "call_words": ["Seattle Slew (Pace 8), Count Fleet (Pace 8), War Admiral (Pace 8) and Justify (Pace 8) go for the lead (8 + 8 = 16 on the Pace Scenario chart, dice 8), and the pace is normal.", "Form lifts Easy Goer to 26 (+1). Secretariat and Easy Goer share the best rating, 26.", "It comes down to class. It gives every horse +2 but Alydar (+1) and Count Fleet (+1).", "Seattle Slew hits the wire first, then Whirlaway by a nose in a photo, then Easy Goer by a length. The photo, both on a speed figure of 109, goes by two dice, the Wire rating and the rider: Seattle Slew 8 + 7 + 1 = 16, Whirlaway 8 + 6 + 1 = 15.", "Seattle Slew: started on a rating of 25, 1 below Secretariat''s 26; ran the stretch on 25; class +2 (joint most); a Final Speed roll of 10 (1 rolled higher; 7 is the average). The favourite, Secretariat (4-1), ran 6th.", "1st #3 Seattle Slew; 2nd #9 Whirlaway; 3rd #11 Easy Goer. The time: 2:00.35."]}, "at": 1796518344.057}');
INSERT INTO "events" VALUES(147,4,0,'{"chance": [18], "at": 1796518347.505}');
INSERT INTO "events" VALUES(148,4,1,'{"player": 0, "action": {"kind": "pick", "horse": "Quiet Drifter", "bet": "win"}, "at": 1796518347.513}');
INSERT INTO "events" VALUES(149,4,2,'{"player": 1, "action": {"kind": "pick", "horse": "Quiet Drifter", "bet": "place"}, "at": 1796518347.514}');
INSERT INTO "events" VALUES(150,4,3,'{"player": 2, "action": {"kind": "pick", "horse": "Quiet Drifter", "bet": "place"}, "at": 1796518347.529}');
INSERT INTO "events" VALUES(151,4,4,'{"chance": [2], "at": 1796518347.561}');
INSERT INTO "events" VALUES(152,4,5,'{"player": 1, "action": {"kind": "pick", "horse": "Cinder Pennant", "bet": "win"}, "at": 1796518347.562}');
INSERT INTO "events" VALUES(153,4,6,'{"player": 2, "action": {"kind": "pick", "horse": "Silver Riddle", "bet": "win"}, "at": 1796518347.563}');
INSERT INTO "events" VALUES(154,4,7,'{"player": 0, "action": {"kind": "pick", "horse": "Cinder Pennant", "bet": "place"}, "at": 1796518347.568}');
INSERT INTO "events" VALUES(155,4,8,'{"chance": [15], "at": 1796518347.593}');
INSERT INTO "events" VALUES(156,4,9,'{"player": 2, "action": {"kind": "pick", "horse": "Dapper Lantern", "bet": "win"}, "at": 1796518347.595}');
INSERT INTO "events" VALUES(157,4,10,'{"player": 0, "action": {"kind": "pick", "horse": "Paper Lining", "bet": "show"}, "at": 1796518347.605}');
INSERT INTO "events" VALUES(158,4,11,'{"player": 1, "action": {"kind": "pick", "horse": "Prairie Voyage", "bet": "show"}, "at": 1796518347.607}');
INSERT INTO "events" VALUES(159,5,0,'{"chance": [3, 2], "at": 1796518350.588}');
INSERT INTO "events" VALUES(160,5,1,'{"chance": [4, 6], "at": 1796518350.589}');
INSERT INTO "events" VALUES(161,5,2,'{"chance": [1, 1], "at": 1796518350.592}');
INSERT INTO "events" VALUES(162,5,3,'{"chance": [5, 1], "at": 1796518350.592}');
INSERT INTO "events" VALUES(163,5,4,'{"chance": [3, 5], "at": 1796518350.592}');
INSERT INTO "events" VALUES(164,5,5,'{"chance": [1, 5], "at": 1796518350.594}');
INSERT INTO "events" VALUES(165,5,6,'{"chance": [2, 1], "at": 1796518350.6}');
INSERT INTO "events" VALUES(166,5,7,'{"chance": [1, 4], "at": 1796518350.604}');
INSERT INTO "events" VALUES(167,5,8,'{"chance": [4, 1], "at": 1796518350.605}');
INSERT INTO "events" VALUES(168,5,9,'{"chance": [2, 1], "at": 1796518350.605}');
INSERT INTO "events" VALUES(169,5,10,'{"chance": [5, 4], "at": 1796518350.605}');
INSERT INTO "events" VALUES(170,5,11,'{"chance": [1, 5], "at": 1796518350.605}');
INSERT INTO "events" VALUES(171,5,12,'{"chance": [1, 2], "at": 1796518350.606}');
INSERT INTO "events" VALUES(172,5,13,'{"chance": [6, 6], "at": 1796518350.606}');
INSERT INTO "events" VALUES(173,5,14,'{"chance": [5, 1], "at": 1796518350.606}');
INSERT INTO "events" VALUES(174,5,15,'{"chance": [5, 5], "at": 1796518350.616}');
INSERT INTO "events" VALUES(175,5,16,'{"chance": [4, 1], "at": 1796518350.617}');
INSERT INTO "events" VALUES(176,5,17,'{"chance": [2, 1], "at": 1796518350.617}');
INSERT INTO "events" VALUES(177,5,18,'{"chance": [5, 2], "at": 1796518350.617}');
INSERT INTO "events" VALUES(178,5,19,'{"chance": [3, 4], "at": 1796518350.618}');
INSERT INTO "events" VALUES(179,5,20,'{"chance": [2, 5], "at": 1796518350.621}');
INSERT INTO "events" VALUES(180,5,21,'{"chance": [1, 5], "at": 1796518350.621}');
INSERT INTO "events" VALUES(181,5,22,'{"chance": [3, 5], "at": 1796518350.622}');
CREATE TABLE games (
	id INTEGER NOT NULL, 
	game VARCHAR(40) NOT NULL, 
	config TEXT NOT NULL, 
	seed BIGINT, 
	dice VARCHAR(20) NOT NULL, 
	label VARCHAR(200) NOT NULL, 
	status VARCHAR(20) NOT NULL, 
	summary TEXT NOT NULL, 
	created VARCHAR(40) NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "games" VALUES(1,'across','{"content_dir": null, "daily_double": false, "debts": "settle", "meets": 1, "names": ["Sensible 1", "Sensible 2", "Sensible 3"], "payoff": "exclusive", "players": 3, "rotation": "left", "tracks": []}',1545331858,'scripted','Sensible 1, Sensible 2, Sensible 3','in progress','','2026-12-06T00:52:16+00:00');
INSERT INTO "games" VALUES(2,'totopoly','{"auctioneer": 1, "banker": 0, "computer": [0, 1], "content": null, "names": ["Computer 1", "Computer 2"], "players": 2, "rules": {"auction": "open", "move_on_past_post": "finishes", "small_table_exchange": "yes", "white_card_judged": "end"}, "short": false}',624176558,'scripted','Computer 1, Computer 2','in progress','','2026-12-06T00:52:18+00:00');
INSERT INTO "games" VALUES(3,'derbycast','{"confirm": false, "draw": "fresh", "entrants": [{"bot": true, "members": ["Computer 1"], "name": "Computer 1"}, {"bot": true, "members": ["Computer 2"], "name": "Computer 2"}, {"bot": true, "members": ["Computer 3"], "name": "Computer 3"}], "feed": {"kind": "simulate", "mode": "quick", "race": null, "seed": 5}, "order": "rotate", "players": 3, "races": 2, "sealed": false, "source": "keeper", "tie": "standard"}',5,'seeded','Computer 1, Computer 2, Computer 3','finished','Official Winner: Computer 2 (marker 2) won the tie-break after 4 races.','2026-12-06T00:52:23+00:00');
INSERT INTO "games" VALUES(4,'derbycast','{"confirm": false, "draw": "fresh", "entrants": [{"bot": true, "members": ["Computer 1"], "name": "Computer 1"}, {"bot": true, "members": ["Computer 2"], "name": "Computer 2"}, {"bot": true, "members": ["Computer 3"], "name": "Computer 3"}], "feed": {}, "order": "rotate", "players": 3, "races": 2, "sealed": false, "source": "replays", "table": [["1-9", 1, 0, 0], ["1-5", 1, 0, 0], ["2-5", 1, 0, 0], ["1-2", 1, 0, 0], ["3-5", 1, 0, 0], ["4-5", 1, 0, 0], ["even", 1, 0, 0], ["6-5", 1, 0, 0], ["7-5", 1, 0, 0], ["3-2", 1, 0, 0], ["8-5", 1, 0, 0], ["9-5", 1, 0, 0], ["2-1", 2, 1, 0], ["5-2", 2, 1, 0], ["3-1", 3, 1, 0], ["7-2", 3, 1, 0], ["4-1", 4, 2, 1], ["9-2", 4, 2, 1], ["5-1", 5, 2, 1], ["6-1", 6, 3, 1], ["7-1", 7, 3, 1], ["8-1", 8, 4, 2], ["9-1", 9, 4, 2], ["10-1", 10, 5, 2], ["11-1", 11, 5, 2], ["12-1", 12, 6, 3], ["13-1", 13, 6, 3], ["14-1", 14, 7, 3], ["15-1", 15, 7, 3], ["16-1", 16, 8, 4], ["17-1", 17, 8, 4], ["18-1", 18, 9, 4], ["19-1", 19, 9, 4], ["20-1", 20, 10, 5]], "tie": "standard"}',6,'seeded','Computer 1, Computer 2, Computer 3','finished','Official Winner: Computer 3 (marker 3) won the tie-break after 3 races.','2026-12-06T00:52:27+00:00');
INSERT INTO "games" VALUES(5,'stretch','{"charts": null, "mode": "quick", "odds": "real", "players": 0, "race": {"condition": "fast", "course_seconds_per_furlong": 0.0, "date": "2009-10-10", "furlongs": 8.0, "name": "Champagne Stakes", "notes": "", "runners": [{"apr_working": "preset on the scoresheet", "horse": {"age": 2, "card": "2009", "class": 0, "form": "C", "id": "super-saver-2009", "name": "Super Saver", "note": "2009 Champagne Stakes entry; APR 19 Pace 6 Form C from the rulebook; other ratings our estimate", "overall": 88, "pace": 6, "power_dirt": 19, "power_turf": null, "range_high": 9.0, "range_low": 6.0, "sex": "colt", "speed": 1, "trip": 0, "wet": 1, "wire": 5}, "jockey": {"id": "house-a", "name": "House Rider A", "note": "A capable stand-in rider when a race file names no jockey card", "ride": 1, "trouble": 8}, "post": 1, "real_odds": null, "start_apr": 19}, {"apr_working": "preset on the scoresheet", "horse": {"age": 2, "card": "2009", "class": -1, "form": "D", "id": "overlap-2009", "name": "Overlap", "note": "2009 Champagne Stakes entry; APR 14 Pace 4 Form D from the rulebook; other ratings our estimate", "overall": 78, "pace": 4, "power_dirt": 14, "power_turf": null, "range_high": 9.0, "range_low": 7.0, "sex": "colt", "speed": 0, "trip": 1, "wet": 0, "wire": 4}, "jockey": {"id": "house-b", "name": "House Rider B", "note": "An ordinary stand-in rider", "ride": 0, "trouble": 7}, "post": 2, "real_odds": null, "start_apr": 14}, {"apr_working": "preset on the scoresheet", "horse": {"age": 2, "card": "2009", "class": 0, "form": "C", "id": "aspire-2009", "name": "Aspire", "note": "2009 Champagne Stakes entry; all ratings our estimate", "overall": 82, "pace": 4, "power_dirt": 16, "power_turf": null, "range_high": 9.0, "range_low": 6.0, "sex": "colt", "speed": 0, "trip": 0, "wet": 0, "wire": 5}, "jockey": {"id": "house-b", "name": "House Rider B", "note": "An ordinary stand-in rider", "ride": 0, "trouble": 7}, "post": 3, "real_odds": null, "start_apr": 16}, {"apr_working": "preset on the scoresheet", "horse": {"age": 2, "card": "2009", "class": 0, "form": "B", "id": "discreetly-mine-2009", "name": "Discreetly Mine", "note": "2009 Champagne Stakes entry; all ratings our estimate (the early leader in the rulebook''s example)", "overall": 86, "pace": 7, "power_dirt": 18, "power_turf": null, "range_high": 8.5, "range_low": 6.0, "sex": "colt", "speed": 1, "trip": 0, "wet": 0, "wire": 6}, "jockey": {"id": "house-a", "name": "House Rider A", "note": "A capable stand-in rider when a race file names no jockey card", "ride": 1, "trouble": 8}, "post": 4, "real_odds": null, "start_apr": 18}, {"apr_working": "preset on the scoresheet", "horse": {"age": 2, "card": "2009", "class": 0, "form": "C", "id": "dublin-2009", "name": "Dublin", "note": "2009 Champagne Stakes entry; all ratings our estimate", "overall": 86, "pace": 5, "power_dirt": 18, "power_turf": null, "range_high": 9.0, "range_low": 6.0, "sex": "colt", "speed": 0, "trip": 1, "wet": 1, "wire": 5}, "jockey": {"id": "house-a", "name": "House Rider A", "note": "A capable stand-in rider when a race file names no jockey card", "ride": 1, "trouble": 8}, "post": 5, "real_odds": null, "start_apr": 18}, {"apr_working": "preset on the scoresheet", "horse": {"age": 2, "card": "2009", "class": 1, "form": "C", "id": "homeboykris-2009", "name": "Homeboykris", "note": "2009 Champagne Stakes entry; all ratings our estimate", "overall": 84, "pace": 4, "power_dirt": 17, "power_turf": null, "range_high": 9.0, "range_low": 6.0, "sex": "colt", "speed": 0, "trip": 0, "wet": 0, "wire": 6}, "jockey": {"id": "house-b", "name": "House Rider B", "note": "An ordinary stand-in rider", "ride": 0, "trouble": 7}, "post": 6, "real_odds": null, "start_apr": 17}], "surface": "dirt", "track": "Belmont Park", "wet_effect": 0}}',7,'seeded','Champagne Stakes (quick)','finished','Discreetly Mine (5-1), 1:37.52','2026-12-06T00:52:30+00:00');
CREATE TABLE homestretch_store (
	"key" VARCHAR(40) NOT NULL, 
	value TEXT NOT NULL, 
	PRIMARY KEY ("key")
);
INSERT INTO "homestretch_store" VALUES('format','1');
INSERT INTO "homestretch_store" VALUES('written_by','homestretch 0.1.0');
CREATE TABLE table_settings (
	game_id INTEGER NOT NULL, 
	settings TEXT NOT NULL, 
	PRIMARY KEY (game_id), 
	FOREIGN KEY(game_id) REFERENCES games (id)
);
INSERT INTO "table_settings" VALUES(1,'{"bundled_content": {"content/horses.toml": "7ee6e967d6fcc1ea2737", "content/tracks/churchill-downs.toml": "59b867afa60fcd14d1a7", "content/tracks/epsom-downs.toml": "4494ddb89efa10e85340", "content/tracks/longchamp.toml": "c96b5e1d3e62ad9cf79f", "content/tracks/woodbine.toml": "098ad724200b78da0d0a"}, "dice": {"faces": [3, 4, 5, 6], "kind": "scripted", "seed": 1545331858, "then_seeded": false}, "seats": [{"bot": "sensible", "kind": "bot", "name": "Sensible 1", "token": "mRUKo6gi_dR6Db9JvCu9Kg"}, {"bot": "sensible", "kind": "bot", "name": "Sensible 2", "token": "XJ4cylE2yN2niBRbYiP_Ow"}, {"bot": "sensible", "kind": "bot", "name": "Sensible 3", "token": "vyWNUA8DW7QwM3SnKAvGvA"}]}');
INSERT INTO "table_settings" VALUES(2,'{"bundled_content": {"content/cards.toml": "a293fbb86c46a5a862aa", "content/leases.toml": "7209625f014e5217d8d2", "content/racecourse.toml": "ef7c972b9282938db40a", "content/reports.toml": "a3d8285dff868919d7d8", "content/training_ring.toml": "8af6c523172b053728b5"}, "dice": {"faces": [3, 4, 5, 6], "kind": "scripted", "seed": 624176558, "then_seeded": false}, "seats": [{"bot": "sensible", "kind": "bot", "name": "Computer 1", "token": "Mjimbu4-kli3MnFTJKYhQQ"}, {"bot": "sensible", "kind": "bot", "name": "Computer 2", "token": "kwdSvzaJRdcRvmO8q5g06Q"}]}');
INSERT INTO "table_settings" VALUES(3,'{"bundled_content": {"odds-table/odds_table.csv": "a8e03a83eac4c80fe951", "replays/replays.csv": "377d87da5dff8d04e8cf"}, "dice": {"faces": [], "kind": "seeded", "seed": 5, "then_seeded": false}, "seats": [{"bot": "value", "kind": "bot", "name": "Computer 1", "token": "AWuAMlSukVAdAXjCOzeHoA"}, {"bot": "value", "kind": "bot", "name": "Computer 2", "token": "cqbGmXVnYAYn35tgwz2kAg"}, {"bot": "value", "kind": "bot", "name": "Computer 3", "token": "ptJuYQJzOh-i0Ua8oiZZMA"}, {"bot": "auto", "kind": "bot", "name": "score keeper", "token": "iw41qjStudtk_xlDYoFHNA"}]}');
INSERT INTO "table_settings" VALUES(4,'{"bundled_content": {"odds-table/odds_table.csv": "a8e03a83eac4c80fe951", "replays/replays.csv": "377d87da5dff8d04e8cf"}, "dice": {"faces": [], "kind": "seeded", "seed": 6, "then_seeded": false}, "seats": [{"bot": "value", "kind": "bot", "name": "Computer 1", "token": "QOEqHQufiAYqbInkGQQ_cg"}, {"bot": "value", "kind": "bot", "name": "Computer 2", "token": "wd8wLQcOzMw4x1BX8EghgQ"}, {"bot": "value", "kind": "bot", "name": "Computer 3", "token": "x98UZbVXRcg8EmfJRpj5Yw"}]}');
INSERT INTO "table_settings" VALUES(5,'{"bundled_content": {"charts/break.csv": "463b6b2f3c3c58329dec", "charts/chartset.toml": "ad05dc3d3fa9676880d0", "charts/final_speed.csv": "15cacaeee7a9afff0cc5", "charts/final_time.csv": "5f27bbc63f227f0404d6", "charts/form_quick.csv": "d6524d9a02a11ef643ab", "charts/going.csv": "3784d188ec1468eed0de", "charts/odds.csv": "9e401e972000300691b4", "charts/odds_class.csv": "399250a72b6ed22505ab", "charts/pace_effects_full.csv": "b138494479f383921e94", "charts/pace_effects_quick.csv": "b59ec873c9481c15db0b", "charts/pace_scenario.csv": "8019ad4310f8851c6f52", "charts/pace_setup.csv": "d0900b39fc334038cb1a", "charts/race_factors.csv": "8cb72dc0a6938cfbef0b", "charts/race_pace.csv": "a0e2dfecd43ca3c05b2b", "charts/race_pace_field.csv": "ab4947615eb4424ecc77", "charts/race_pace_sprint.csv": "172a483ccad8be7b73e6", "charts/race_position.csv": "87d98ea077c05859d399", "charts/trouble.csv": "19cebc21c58c54f95b1e"}, "dice": {"faces": [], "kind": "seeded", "seed": 7, "then_seeded": false}, "seats": []}');
CREATE INDEX ix_events_game_id ON events (game_id);
CREATE UNIQUE INDEX ux_events_game_seq ON events (game_id, seq);
COMMIT;
